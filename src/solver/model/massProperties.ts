/**
 * Mass properties of a body as a person states them — a mass, a centre of mass and an inertia tensor in the
 * body's own axes, plus point masses fixed to it — turned into what the solver's body is: the total mass,
 * the centre of mass and the principal moments, with the principal axes R_p (SPEC §1: body coordinates are
 * the centre of mass and the principal axes). Jacobi rotations only: the same bits in every engine.
 */
export type Vec3 = readonly [number, number, number];

/** Symmetric tensor (xx, yy, zz, xy, xz, yz): the tensor's own entries, so I_xy = −∫xy dm. */
export type Tensor6 = readonly [number, number, number, number, number, number];

export interface PointMassInput {
  readonly mass: number;
  /** In body axes. */
  readonly at: Vec3;
}

export interface MassInput {
  readonly mass: number;
  /** Centre of mass of `mass` in body axes. */
  readonly centerOfMass: Vec3;
  /** Inertia of `mass` about its centre of mass, body axes. */
  readonly tensor: Tensor6;
  readonly pointMasses: readonly PointMassInput[];
}

export interface PrincipalMass {
  readonly mass: number;
  /** Centre of mass of the whole body (point masses included), body axes. */
  readonly centerOfMass: Vec3;
  /** Principal moments about it. */
  readonly inertia: Vec3;
  /** Row-major 3×3 whose columns are the principal axes in body axes (a proper rotation). */
  readonly axes: readonly number[];
  /** True when nothing had to change: no point masses, centre of mass at the origin, diagonal tensor. */
  readonly identity: boolean;
}

const isZero = (v: Vec3) => v[0] === 0 && v[1] === 0 && v[2] === 0;

/** I += m (|d|² E − d dᵀ): a mass m at offset d from the reference point (parallel axes). */
function addParallelAxis(t: number[], m: number, d: Vec3): void {
  const dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  t[0] += m * (dd - d[0] * d[0]); t[1] += m * (dd - d[1] * d[1]); t[2] += m * (dd - d[2] * d[2]);
  t[3] -= m * d[0] * d[1]; t[4] -= m * d[0] * d[2]; t[5] -= m * d[1] * d[2];
}

/** The whole body's mass, centre of mass and principal inertia. */
export function principalMass(input: MassInput): PrincipalMass {
  const { tensor, pointMasses } = input;
  if (pointMasses.length === 0 && isZero(input.centerOfMass) && tensor[3] === 0 && tensor[4] === 0 && tensor[5] === 0) {
    return { mass: input.mass, centerOfMass: [0, 0, 0], inertia: [tensor[0], tensor[1], tensor[2]], axes: [1, 0, 0, 0, 1, 0, 0, 0, 1], identity: true };
  }
  let mass = input.mass;
  const moment = [input.mass * input.centerOfMass[0], input.mass * input.centerOfMass[1], input.mass * input.centerOfMass[2]];
  for (const p of pointMasses) {
    mass += p.mass;
    for (let i = 0; i < 3; i++) moment[i] += p.mass * p.at[i];
  }
  const c: Vec3 = [moment[0] / mass, moment[1] / mass, moment[2] / mass];
  const t = [...tensor];
  const sub = (a: Vec3): Vec3 => [a[0] - c[0], a[1] - c[1], a[2] - c[2]];
  addParallelAxis(t, input.mass, sub(input.centerOfMass));
  for (const p of pointMasses) addParallelAxis(t, p.mass, sub(p.at));
  const { values, vectors } = symmetricEigen(t as unknown as Tensor6);
  return { mass, centerOfMass: c, inertia: values, axes: vectors, identity: false };
}

/**
 * Eigenvalues and eigenvectors of a symmetric 3×3 by cyclic Jacobi rotations; the eigenvectors are ordered and
 * signed so that the frame is the proper rotation closest to the identity (principal axes stay near the axes the
 * person gave). Columns of `vectors` (row-major) are the eigenvectors.
 */
export function symmetricEigen(t: Tensor6): { values: Vec3; vectors: number[] } {
  const a = [[t[0], t[3], t[4]], [t[3], t[1], t[5]], [t[4], t[5], t[2]]];
  const v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const scale = Math.abs(t[0]) + Math.abs(t[1]) + Math.abs(t[2]);
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = Math.abs(a[0][1]) + Math.abs(a[0][2]) + Math.abs(a[1][2]);
    if (off <= 1e-17 * scale) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]] as const) {
      if (a[p][q] === 0) continue;
      const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
      const tan = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const cos = 1 / Math.sqrt(tan * tan + 1), sin = tan * cos;
      for (let k = 0; k < 3; k++) {
        const akp = a[k][p], akq = a[k][q];
        a[k][p] = cos * akp - sin * akq; a[k][q] = sin * akp + cos * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p][k], aqk = a[q][k];
        a[p][k] = cos * apk - sin * aqk; a[q][k] = sin * apk + cos * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k][p], vkq = v[k][q];
        v[k][p] = cos * vkp - sin * vkq; v[k][q] = sin * vkp + cos * vkq;
      }
    }
  }
  // Assign each eigenvector to the body axis it is most aligned with (a permutation), positive along it.
  const order = closestPermutation(v);
  const values: Vec3 = [a[order[0]][order[0]], a[order[1]][order[1]], a[order[2]][order[2]]];
  const cols = order.map((j, i) => {
    const s = v[i][j] < 0 ? -1 : 1;
    return [s * v[0][j], s * v[1][j], s * v[2][j]];
  });
  // A proper rotation: flip the third axis if the frame is left-handed.
  const [x, y, z] = cols;
  const det = x[0] * (y[1] * z[2] - y[2] * z[1]) - x[1] * (y[0] * z[2] - y[2] * z[0]) + x[2] * (y[0] * z[1] - y[1] * z[0]);
  if (det < 0) for (let k = 0; k < 3; k++) z[k] = -z[k];
  return { values, vectors: [x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]] };
}

/** order[i]: the eigenvector column j that becomes body axis i (the permutation maximising Σ |v[i][j]|). */
function closestPermutation(v: number[][]): [number, number, number] {
  const perms: [number, number, number][] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  let best = perms[0], bestScore = -1;
  for (const p of perms) {
    const score = Math.abs(v[0][p[0]]) + Math.abs(v[1][p[1]]) + Math.abs(v[2][p[2]]);
    if (score > bestScore) { best = p; bestScore = score; }
  }
  return best;
}

/** Uniform solids: principal inertia of a shape of mass m about its centre, in the shape's axes. */
export function boxInertia(m: number, size: Vec3): Vec3 {
  const [a, b, c] = size;
  return [(m * (b * b + c * c)) / 12, (m * (a * a + c * c)) / 12, (m * (a * a + b * b)) / 12];
}

export function sphereInertia(m: number, radius: number): Vec3 {
  const j = 0.4 * m * radius * radius;
  return [j, j, j];
}

/** A solid cylinder about its centre; `axis` is 0, 1 or 2 (body x, y, z). */
export function cylinderInertia(m: number, radius: number, length: number, axis: 0 | 1 | 2): Vec3 {
  const along = 0.5 * m * radius * radius;
  const across = (m * (3 * radius * radius + length * length)) / 12;
  return [axis === 0 ? along : across, axis === 1 ? along : across, axis === 2 ? along : across];
}

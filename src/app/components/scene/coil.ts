/**
 * A spring drawn as a coil: a helix of wire between its two end points, written into a preallocated vertex
 * buffer every frame (the ends move, the coil stretches; nothing is allocated). Pure.
 *
 * The helix runs from a to b about the line ab: P(s) = a + s (b − a) + R (cos θ u + sin θ v), θ = 2π n s,
 * s ∈ [0, 1], with (u, v) a right-handed pair perpendicular to ab. The wire is a tube of radius w around it,
 * its cross-section in the plane of the helix's normal N (towards the axis) and binormal B = T × N.
 */

/** How a coil is drawn: turns of wire, segments per turn along it, sides around it; radii in model metres. */
export interface CoilShape {
  readonly turns: number;
  readonly segmentsPerTurn: number;
  readonly sides: number;
  /** Radius of the helix, m. */
  readonly radius: number;
  /** Radius of the wire, m. */
  readonly wire: number;
}

/** Vertices of one coil: (turns · segmentsPerTurn + 1) rings of `sides`. */
export function coilVertexCount(shape: CoilShape): number {
  return (shape.turns * shape.segmentsPerTurn + 1) * shape.sides;
}

/**
 * Triangle indices of `count` coils laid one after another in a vertex buffer (each coilVertexCount(shape)
 * vertices), two triangles per quad of the tube. Example: one coil of 1 turn, 4 segments, 3 sides → 72 indices.
 */
export function coilIndices(shape: CoilShape, count: number): Uint32Array {
  const rings = shape.turns * shape.segmentsPerTurn;
  const n = shape.sides;
  const perCoil = coilVertexCount(shape);
  const out = new Uint32Array(count * rings * n * 6);
  let k = 0;
  for (let c = 0; c < count; c++) {
    const base = c * perCoil;
    for (let i = 0; i < rings; i++) {
      for (let j = 0; j < n; j++) {
        const a = base + i * n + j;
        const b = base + i * n + ((j + 1) % n);
        const d = a + n;
        const e = b + n;
        out[k++] = a; out[k++] = d; out[k++] = b;
        out[k++] = b; out[k++] = d; out[k++] = e;
      }
    }
  }
  return out;
}

/**
 * Writes the coil from (ax, ay, az) to (bx, by, bz) into positions and normals (3 floats per vertex) starting at
 * vertex `first`. Coincident ends give a flat coil about the y axis.
 */
export function writeCoil(
  shape: CoilShape,
  ax: number, ay: number, az: number,
  bx: number, by: number, bz: number,
  positions: Float32Array, normals: Float32Array, first: number,
): void {
  let dx = bx - ax, dy = by - ay, dz = bz - az;
  const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
  let wx = 0, wy = 1, wz = 0;
  if (length > 1e-12) { wx = dx / length; wy = dy / length; wz = dz / length; } else { dx = 0; dy = 0; dz = 0; }
  // u ⟂ w: w × (the global axis least aligned with w), normalised; v = w × u.
  const ex = Math.abs(wx) <= Math.abs(wy) && Math.abs(wx) <= Math.abs(wz) ? 1 : 0;
  const ey = ex === 0 && Math.abs(wy) <= Math.abs(wz) ? 1 : 0;
  const ez = ex === 0 && ey === 0 ? 1 : 0;
  let ux = wy * ez - wz * ey, uy = wz * ex - wx * ez, uz = wx * ey - wy * ex;
  const un = Math.sqrt(ux * ux + uy * uy + uz * uz);
  ux /= un; uy /= un; uz /= un;
  const vx = wy * uz - wz * uy, vy = wz * ux - wx * uz, vz = wx * uy - wy * ux;

  const { turns, segmentsPerTurn, sides, radius, wire } = shape;
  const rings = turns * segmentsPerTurn;
  const omega = 2 * Math.PI * turns;
  let o = first * 3;
  for (let i = 0; i <= rings; i++) {
    const s = i / rings;
    const theta = omega * s;
    const c = Math.cos(theta), sn = Math.sin(theta);
    // Radial unit vector ρ = cos θ u + sin θ v; the normal N = −ρ points at the axis.
    const rx = c * ux + sn * vx, ry = c * uy + sn * vy, rz = c * uz + sn * vz;
    const px = ax + s * dx + radius * rx, py = ay + s * dy + radius * ry, pz = az + s * dz + radius * rz;
    // Tangent dP/ds = (b − a) + R ω (−sin θ u + cos θ v).
    let tx = dx + radius * omega * (-sn * ux + c * vx);
    let ty = dy + radius * omega * (-sn * uy + c * vy);
    let tz = dz + radius * omega * (-sn * uz + c * vz);
    const tn = Math.sqrt(tx * tx + ty * ty + tz * tz) || 1;
    tx /= tn; ty /= tn; tz /= tn;
    const nx = -rx, ny = -ry, nz = -rz;
    // B = T × N (unit: T ⟂ N because b − a ⟂ ρ and the helix term is ⟂ ρ).
    const qx = ty * nz - tz * ny, qy = tz * nx - tx * nz, qz = tx * ny - ty * nx;
    for (let j = 0; j < sides; j++) {
      const phi = (2 * Math.PI * j) / sides;
      const cp = Math.cos(phi), sp = Math.sin(phi);
      const mx = cp * nx + sp * qx, my = cp * ny + sp * qy, mz = cp * nz + sp * qz;
      positions[o] = px + wire * mx; positions[o + 1] = py + wire * my; positions[o + 2] = pz + wire * mz;
      normals[o] = mx; normals[o + 1] = my; normals[o + 2] = mz;
      o += 3;
    }
  }
}

/** Geometry for drawing bodies from their mass properties. */

/**
 * Dimensions of the homogeneous box with the given principal inertias and mass:
 * J_x = m (b² + c²)/12 and cyclic, so a² = 6 (J_y + J_z − J_x)/m.
 * Example: boxWithInertia(12, [2, 2, 2]) → [1, 1, 1].
 */
export function boxWithInertia(mass: number, [jx, jy, jz]: readonly [number, number, number]): [number, number, number] {
  const side = (a: number, b: number, c: number) => Math.sqrt(Math.max(0, (6 * (b + c - a)) / mass));
  return [side(jx, jy, jz), side(jy, jz, jx), side(jz, jx, jy)];
}

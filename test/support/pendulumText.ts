/**
 * The one-rod pendulum model file (JSON text) the model-file tests vary: a rod on a revolute joint at the origin
 * with a point `rod.tip`, and the given `outputs` / `groups` entries and further top-level keys after them.
 */
export function pendulumText(parts: { outputs?: string; groups?: string; extra?: string }): string {
  const keys = [
    parts.outputs !== undefined ? `"outputs": [${parts.outputs}]` : null,
    parts.groups !== undefined ? `"groups": [${parts.groups}]` : null,
  ].filter((k) => k !== null);
  return `{
  "format": "hht-model/1",
  "title": "Pendulum",
  "gravity": [0, -9.81, 0],
  "bodies": [{ "name": "rod", "mass": 2, "inertia": [0.01, 0.2, 0.2], "position": [0.5, 0, 0], "points": { "tip": [0.5, 0, 0] } }],
  "joints": [{ "name": "pivot", "type": "revolute", "bodies": ["ground", "rod"], "at": [0, 0, 0], "axis": [0, 0, 1] }]${keys.map((k) => `,\n  ${k}`).join('')}${parts.extra ?? ''}
}`;
}

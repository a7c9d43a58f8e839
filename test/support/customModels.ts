/**
 * Small model files of a user's own kind, written as text (a user's file is text, and a link carries it bit for
 * bit): a double pendulum with named outputs, and one with a typo in a joint's body name.
 */

/** Two rods on revolute joints about global z under gravity −y, released with the lower rod bent; four outputs. */
export const DOUBLE_PENDULUM = `{
  "format": "hht-model/1",
  "title": "Double pendulum",
  "description": "Two uniform rods, 1 m each, on revolute joints about z.",
  "parameters": {
    "L": { "label": "Rod length", "unit": "m", "value": 1, "min": 0.1, "max": 10 },
    "m": { "label": "Rod mass", "unit": "kg", "value": 1, "min": 0.01, "max": 100 }
  },
  "gravity": [0, -9.81, 0],
  "bodies": [
    { "name": "upper", "mass": "m", "inertia": ["m * L^2 / 12", "m * L^2 / 12", 0.001],
      "position": ["L / 2", 0, 0], "orientation": { "axes": { "z": [1, 0, 0], "x": [0, 0, 1] } },
      "points": { "tip": [0, 0, "L / 2"] }, "shape": { "type": "box", "size": [0.05, 0.05, "L"] } },
    { "name": "lower", "mass": "m", "inertia": ["m * L^2 / 12", "m * L^2 / 12", 0.001],
      "position": ["L", "-L / 2", 0], "orientation": { "axes": { "z": [0, -1, 0], "x": [0, 0, 1] } },
      "points": { "tip": [0, 0, "L / 2"] }, "shape": { "type": "box", "size": [0.05, 0.05, "L"] } }
  ],
  "joints": [
    { "name": "shoulder", "type": "revolute", "bodies": ["ground", "upper"], "at": [0, 0, 0], "axis": [0, 0, 1] },
    { "name": "elbow", "type": "revolute", "bodies": ["upper", "lower"], "at": ["L", 0, 0], "axis": [0, 0, 1] }
  ],
  "outputs": [
    { "type": "position", "name": "x_tip", "point": "lower.tip", "component": "x" },
    { "type": "position", "name": "y_tip", "point": "lower.tip", "component": "y" },
    { "type": "angle", "name": "elbow angle", "joint": "elbow" },
    { "type": "rate", "name": "elbow rate", "joint": "elbow" }
  ],
  "run": { "alpha": -0.1, "h": 0.001, "tEnd": 1 }
}
`;

/** The double pendulum with the elbow joined to a misspelt body ("lowr"). */
export const MISSPELT_BODY = DOUBLE_PENDULUM.replace('"bodies": ["upper", "lower"]', '"bodies": ["upper", "lowr"]');

/**
 * A planar four-bar of 3D revolute joints (three of its equations are dependent: removed as redundant), drawn with
 * the crank upright but started 5° from it (the assembly moves every body), turning at 1 rad/s.
 */
export const FOUR_BAR = `{
  "format": "hht-model/1",
  "title": "Four-bar linkage",
  "gravity": [0, -9.81, 0],
  "bodies": [
    { "name": "crank", "mass": 1, "inertia": [0.0842, 0.0842, 0.001], "position": [0, 0.5, 0],
      "orientation": { "axes": { "z": [0, 1, 0], "x": [1, 0, 0] } }, "angularVelocity": { "global": [0, 0, 1] },
      "velocity": [-0.5, 0, 0] },
    { "name": "coupler", "mass": 2, "inertia": [0.667, 0.667, 0.002], "position": [1, 1, 0],
      "orientation": { "axes": { "z": [1, 0, 0], "x": [0, 0, 1] } } },
    { "name": "rocker", "mass": 1, "inertia": [0.0842, 0.0842, 0.001], "position": [2, 0.5, 0],
      "orientation": { "axes": { "z": [0, 1, 0], "x": [1, 0, 0] } } }
  ],
  "joints": [
    { "name": "A", "type": "revolute", "bodies": ["ground", "crank"], "at": [0, 0, 0], "axis": [0, 0, 1], "initial": { "angle": 5, "rate": 1 } },
    { "name": "B", "type": "revolute", "bodies": ["crank", "coupler"], "at": [0, 1, 0], "axis": [0, 0, 1] },
    { "name": "C", "type": "revolute", "bodies": ["coupler", "rocker"], "at": [2, 1, 0], "axis": [0, 0, 1] },
    { "name": "D", "type": "revolute", "bodies": ["rocker", "ground"], "at": [2, 0, 0], "axis": [0, 0, 1] }
  ],
  "outputs": [
    { "type": "angle", "name": "crank angle", "joint": "A" },
    { "type": "position", "name": "x_C", "point": "rocker", "component": "x" }
  ],
  "run": { "alpha": -0.1, "h": 0.001, "tEnd": 0.5 }
}
`;

/**
 * A rod hanging from a revolute joint, drawn turned −60° about z by an axis–angle orientation, driven by a motor
 * torque and a force that are functions of time (sin, cos, exp, atan, tan): every evaluation goes through the
 * engine-independent functions of solver/exactMath.ts, so the app's rows equal `sim`'s to the bit.
 */
export const DRIVEN_PENDULUM = `{
  "format": "hht-model/1",
  "title": "Driven pendulum",
  "description": "A uniform rod, 1 m, on a revolute joint about z, driven by a motor torque of time.",
  "parameters": {
    "tau": { "label": "Torque amplitude", "unit": "N m", "value": 3, "min": 0, "max": 100 }
  },
  "gravity": [0, -9.81, 0],
  "bodies": [
    { "name": "rod", "mass": 1, "inertia": [0.001, "1 / 12", "1 / 12"],
      "position": "0.5 * [cos(-pi / 3), sin(-pi / 3), 0]", "orientation": { "axis": [0, 0, 1], "angle": -60 },
      "points": { "tip": [0.5, 0, 0] }, "shape": { "type": "box", "size": [1, 0.05, 0.05] } }
  ],
  "joints": [
    { "name": "pivot", "type": "revolute", "bodies": ["ground", "rod"], "at": [0, 0, 0], "axis": [0, 0, 1] }
  ],
  "loads": [
    { "name": "drive", "type": "motor", "joint": "pivot", "torque": "tau * sin(6 * t) + 0.5 * cos(11 * t) * exp(-t) + 0.2 * atan(3 * t - 1)" },
    { "name": "push", "type": "force", "body": "rod", "at": "rod.tip", "value": ["0.3 * tan(0.5 * t)", "-0.5 * exp(-2 * t) * cos(40 * t)", 0] }
  ],
  "outputs": [
    { "type": "position", "name": "x_tip", "point": "rod.tip", "component": "x" },
    { "type": "position", "name": "y_tip", "point": "rod.tip", "component": "y" },
    { "type": "angle", "name": "swing", "joint": "pivot" }
  ],
  "run": { "alpha": -0.1, "h": 0.001, "tEnd": 1 }
}
`;

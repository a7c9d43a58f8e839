/**
 * The model file's shape (format "hht-model/1", SPEC §8): one zod schema that gives the TypeScript
 * types, the runtime check and the published JSON Schema (`npm run schema` writes
 * docs/model-format.schema.json from `modelJsonSchema()`). Physical checks (positive mass, a valid
 * inertia, references between names) come after the shape check, in compile.ts and checks.ts.
 *
 * Every number may be written as an expression string ("rodLength / 3"); every vector as three numbers
 * or expressions, or as one expression ("cross(omega0, xcm)"). Angles a person types are degrees.
 */
import { z } from 'zod';
import { MODEL_LIMITS } from './limits';

// No code generation: the app runs under a Content-Security-Policy without 'unsafe-eval' (docs/deploy.md), and zod's
// fast path would probe `new Function`, which such a policy reports as a violation even when the probe is caught.
z.config({ jitless: true });

const { nameLength, expressionLength, listItems } = MODEL_LIMITS;

/** The version this reader understands; a file names it in `"format"`. */
export const MODEL_FORMAT = 'hht-model/1';

/** A name of a body, point, joint, load or output: shown in errors, plots and `sim` columns. */
const Name = z.string().min(1, { error: 'a name cannot be empty' }).max(nameLength, { error: `a name has at most ${nameLength} characters` })
  .describe('A name; inside a repeated group it may hold {expression} parts, e.g. "rod {i + 1}". A body\'s name has no ".".').meta({ id: 'name' });

const Expression = z.string().min(1, { error: 'an expression cannot be empty' }).max(expressionLength, { error: `an expression has at most ${expressionLength} characters` }).describe('An expression, e.g. "rodLength / 3" or "torque * min(t / ramp, 1)".').meta({ id: 'expression' });
const Num = z.union([z.number(), Expression], { error: 'expected a number or an expression string' }).meta({ id: 'number' });
const Vec3 = z.union([z.tuple([Num, Num, Num], { error: 'expected three numbers' }), Expression], {
  error: 'expected a vector of three numbers, e.g. [0, 0, -9.81], or an expression string',
}).meta({ id: 'vector' });

/** A value of time: an expression of t, or a table of (t, value) pairs interpolated linearly, constant outside. */
const TimeTable = z.strictObject({
  table: z.array(z.tuple([z.number(), z.number()]), { error: 'expected a list of [t, value] pairs' }).min(2).max(listItems)
    .describe('[t, value] pairs, t increasing; linear between them, the end values outside.'),
}).meta({ id: 'timeTable' });
const NumOfTime = z.union([z.number(), Expression, TimeTable], { error: 'expected a number, an expression of t or {"table": [[t, v], …]}' }).meta({ id: 'numberOfTime' });
const VecOfTime = z.union([z.tuple([NumOfTime, NumOfTime, NumOfTime]), Expression], {
  error: 'expected three numbers or expressions of t, or one vector expression',
}).meta({ id: 'vectorOfTime' });

const Parameter = z.strictObject({
  value: z.union([z.number(), z.tuple([z.number(), z.number(), z.number()])], { error: 'a parameter value is a number or three numbers' }),
  label: z.string().max(80).optional(),
  unit: z.string().max(20).optional().describe('Unit as shown to people, e.g. "kg m²", "rad/s"; "" if none.'),
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional().describe('Only whole numbers (e.g. a count of bodies).'),
  kind: z.enum(['principal-inertia']).optional().describe('"principal-inertia": three principal moments that must obey the triangle inequality.'),
  description: z.string().max(400).optional(),
}).meta({ id: 'parameter' });

/** Values of `let` and of repeat lists: numbers, strings (expressions), lists and records of them. */
const LetValue: z.ZodType<unknown> = z.lazy(() => z.union([
  z.number(), z.string().max(expressionLength), z.array(LetValue).max(listItems), z.record(z.string(), LetValue),
])).meta({ id: 'letValue' });
const Lets = z.record(z.string(), LetValue).describe('Derived values, in order; each may use the parameters and the values before it.');

const RepeatRange = z.union([
  z.array(LetValue).min(1).max(listItems),
  z.strictObject({ from: Num, to: Num }).describe('Whole numbers from … to, both included.'),
], { error: 'expected a list of values or {"from": …, "to": …}' });
const Repeat = z.record(z.string(), RepeatRange).describe('Loop variables; several variables are nested loops, the first outermost.');

const Quaternion = z.tuple([Num, Num, Num, Num]).describe('Euler parameters (e0, e1, e2, e3), scalar first.');
const Orientation = z.union([
  Quaternion,
  z.strictObject({ axes: z.strictObject({ x: Vec3.optional(), y: Vec3.optional(), z: Vec3.optional() }) })
    .describe('Two of the body\'s axes in global coordinates (the third follows).'),
  z.strictObject({ axis: Vec3, angle: Num.describe('degrees') }).describe('A rotation about a global axis, in degrees.'),
], { error: 'expected [e0, e1, e2, e3], {"axes": {…}} or {"axis": […], "angle": degrees}' }).meta({ id: 'orientation' });

const InertiaTensor = z.strictObject({
  xx: Num, yy: Num, zz: Num, xy: Num.optional(), xz: Num.optional(), yz: Num.optional(),
}).describe('The inertia tensor\'s entries about the centre of mass in body axes, kg m²: xy is the tensor entry I_xy = −∫xy dm (as MuJoCo\'s fullinertia).').meta({ id: 'inertiaTensor' });

const ShapeCommon = { at: Vec3.optional().describe('Centre of the shape in body axes, m.'), color: z.string().max(40).optional() };
const Axis = z.enum(['x', 'y', 'z', '-x', '-y', '-z']).describe('A body axis; a minus sign turns a cone round.');
const ShapeAxis = z.union([Axis, Vec3], { error: 'expected a body axis ("x", "-y", …) or a direction [x, y, z]' })
  .describe('A body axis ("x", "-y", …), or any direction in body axes (global for ground shapes), e.g. [0, -1, 1] or "d"; "x", "y", "z" and their negatives always name axes.');
const Shape = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('box'), size: Vec3.describe('Edge lengths along body x, y, z, m.'), ...ShapeCommon }),
  z.strictObject({ type: z.literal('sphere'), radius: Num, ...ShapeCommon }),
  z.strictObject({ type: z.literal('cylinder'), radius: Num, length: Num, axis: ShapeAxis.optional().describe('Default z.'), ...ShapeCommon }),
  z.strictObject({
    type: z.literal('cone'), radius: Num, length: Num, axis: ShapeAxis.optional().describe('From the base centre (at) towards the tip; default z.'), ...ShapeCommon,
  }).describe('Drawn only: a cone defines no inertia.'),
]).meta({ id: 'shape' });

const PointMass = z.strictObject({ name: Name.optional(), mass: Num, at: Vec3.describe('In body axes, m.') }).meta({ id: 'pointMass' });

const AngularVelocity = z.union([Vec3, z.strictObject({ body: Vec3 }), z.strictObject({ global: Vec3 })], {
  error: 'expected a vector (body axes), {"body": […]} or {"global": […]}',
}).meta({ id: 'angularVelocity' });

const Body = z.strictObject({
  name: Name,
  mass: Num.describe('kg, > 0 (point masses add to it).'),
  inertia: z.union([Vec3, InertiaTensor], { error: 'expected principal inertias [Jx, Jy, Jz] or {"xx", "yy", "zz", …}' }).optional()
    .describe('About the centre of mass in body axes, kg m². Absent: the uniform solid of the first shape.'),
  centerOfMass: Vec3.optional().describe('In body axes, m. Default: the body origin.'),
  position: Vec3.optional().describe('Global position of the body origin at t = 0, m.'),
  orientation: Orientation.optional(),
  velocity: Vec3.optional().describe('Global velocity of the body origin at t = 0, m/s.'),
  angularVelocity: AngularVelocity.optional().describe('At t = 0, rad/s; a plain vector is in body axes.'),
  points: z.record(z.string(), Vec3).optional().describe('Named points in body axes, m.'),
  pointMasses: z.array(PointMass).max(100).optional(),
  shape: z.union([Shape, z.array(Shape).max(20)]).optional(),
  color: z.string().max(40).optional(),
}).meta({ id: 'body' });

const Where = z.union([Vec3, Name], { error: 'expected a global point [x, y, z] or a named point "body.point"' })
  .describe('A global point at t = 0, or a named point "body.point".').meta({ id: 'place' });

const jointBase = {
  name: Name,
  bodies: z.tuple([Name, Name], { error: 'expected two body names, e.g. ["ground", "crank"]' }),
  at: Where,
};
const framed = { axis: Vec3.describe('Global direction at t = 0.'), ref: Vec3.optional().describe('Global direction ⟂ axis; default chosen.') };
const InitialAngle = z.strictObject({
  angle: Num.optional().describe('Held while the initial state is assembled, degrees.'),
  rate: Num.optional().describe('Held while the initial velocities are made consistent, rad/s.'),
}).meta({ id: 'initial' });
const Joint = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('spherical'), ...jointBase }),
  z.strictObject({ type: z.literal('revolute'), ...jointBase, ...framed, initial: InitialAngle.optional() }),
  z.strictObject({ type: z.literal('prismatic'), ...jointBase, ...framed }),
  z.strictObject({ type: z.literal('cylindrical'), ...jointBase, ...framed }),
  z.strictObject({ type: z.literal('universal'), ...jointBase, axes: z.tuple([Vec3, Vec3]).describe('Cross axes on the first and the second body, global at t = 0, perpendicular.') }),
  z.strictObject({ type: z.literal('fixed'), ...jointBase, axis: Vec3.optional(), ref: Vec3.optional() }),
]).meta({ id: 'joint' });

const Motion = z.strictObject({
  name: Name,
  type: z.literal('rotation'),
  joint: Name.describe('A revolute joint to ground.'),
  angle: NumOfTime.describe('Angle from the initial pose as a function of t, degrees.'),
}).meta({ id: 'motion' });

const Load = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('force'), name: Name, body: Name, at: Where.optional().describe('Default: the centre of mass.'), value: VecOfTime.describe('Global axes, N.') }),
  z.strictObject({ type: z.literal('moment'), name: Name, body: Name, axes: z.enum(['body', 'global']).optional().describe('Default body.'), value: VecOfTime.describe('N m.') }),
  z.strictObject({ type: z.literal('motor'), name: Name, joint: Name.describe('A revolute joint.'), torque: NumOfTime.describe('About the joint axis, on the second body (reaction on the first), N m.') }),
  z.strictObject({
    type: z.literal('spring'), name: Name, between: z.tuple([Where, Where]),
    stiffness: Num.describe('N/m'), damping: Num.optional().describe('N s/m'), length: Num.optional().describe('Rest length, m; default the length at t = 0.'),
  }),
  z.strictObject({
    type: z.literal('torsion-spring'), name: Name, joint: Name.describe('A revolute joint.'),
    stiffness: Num.describe('N m/rad'), damping: Num.optional().describe('N m s/rad'), angle: Num.optional().describe('Rest angle from the initial pose, degrees.'),
  }),
]).meta({ id: 'load' });

const Component = z.enum(['x', 'y', 'z']);

/** [t, value] pairs with t strictly increasing: a reference curve's points. */
const ReferencePoints = z.array(z.tuple([z.number(), z.number()], { error: 'expected a [t, value] pair of numbers' }), { error: 'expected a list of [t, value] pairs' })
  .min(2, { error: 'a reference has at least two points' }).max(listItems)
  .check((ctx) => {
    const points = ctx.value;
    for (let i = 1; i < points.length; i++) {
      if (!(points[i][0] > points[i - 1][0])) {
        ctx.issues.push({ code: 'custom', input: points[i], path: [i, 0], message: `t must increase: ${points[i][0]} follows ${points[i - 1][0]}` });
        return;
      }
    }
  })
  .describe('[t, value] pairs, t strictly increasing (s, then the output\'s unit).');

/**
 * A curve the output's plots draw beside the runs (a thin grey line, "reference"): the published solution or a
 * converged run. It holds for the model's default parameter values only; the plots leave it out at others.
 */
const OutputReference = z.strictObject({
  source: z.string().min(1, { error: 'say where the reference comes from' }).max(400).describe('Where the values come from: a published solution, or the method, α and h of a converged run.'),
  points: ReferencePoints,
}).meta({ id: 'outputReference' });

/** The outputs, each with the fields `extra` adds (a reference for the top-level ones). */
function outputUnion<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('position'), name: Name, point: Name.describe('"body.point" or a body (its centre of mass).'), component: Component, ...extra }),
    z.strictObject({ type: z.literal('velocity'), name: Name, point: Name, component: Component, ...extra }),
    z.strictObject({ type: z.literal('angle'), name: Name, joint: Name, offset: Num.optional().describe('Added to the angle from the initial pose, rad.'), ...extra }),
    z.strictObject({ type: z.literal('rate'), name: Name, joint: Name, ...extra }),
    z.strictObject({ type: z.literal('omega'), name: Name, body: Name, component: Component, axes: z.enum(['body', 'global']).optional(), ...extra }),
    z.strictObject({ type: z.literal('spring-length'), name: Name, spring: Name, ...extra }),
  ]);
}

const Output = outputUnion({
  reference: OutputReference.optional().describe('A reference curve for the plots, valid at the default parameter values.'),
}).meta({ id: 'output' });
/** An output of a repeated group: no reference (one table cannot belong to every copy). */
const GroupOutput = outputUnion({}).meta({ id: 'groupOutput' });

/**
 * Items repeated once per value of the loop variables: {"repeat": {"i": {"from": 0, "to": "N"}}, "let": {…},
 * "bodies": [ … ], "joints": [ … ], …}. Names take {expression} parts ("rod {i}").
 */
const Group = z.strictObject({
  repeat: Repeat,
  let: Lets.optional(),
  bodies: z.array(Body).max(listItems).optional(),
  joints: z.array(Joint).max(listItems).optional(),
  motions: z.array(Motion).max(listItems).optional(),
  loads: z.array(Load).max(listItems).optional(),
  outputs: z.array(GroupOutput).max(listItems).optional(),
}).meta({ id: 'group' });

const Methods = z.array(z.enum(['classical', 'modified', 'generalized-alpha', 'lie-group', 'ji-xing'])).min(1).max(4);

const Run = z.strictObject({
  alpha: z.number().min(-1 / 3, { error: 'HHT\'s α lies in [−1/3, 0]' }).max(0, { error: 'HHT\'s α lies in [−1/3, 0]' }).optional()
    .describe('HHT α ∈ [−1/3, 0] of the classical and modified methods; default −0.1.'),
  rho: z.number().min(0, { error: 'ρ∞ lies in [0, 1]' }).max(1, { error: 'ρ∞ lies in [0, 1]' }).optional()
    .describe('ρ∞ ∈ [0, 1] of the ρ∞ methods; default 2/3.'),
  h: z.number().positive({ error: 'a step size is > 0 s' }).optional().describe('Step size, s; default 0.001.'),
  tEnd: z.number().positive({ error: 'an end time is > 0 s' }).optional().describe('End time, s; default 1.'),
  methods: Methods.optional(),
  sampleDt: z.number().positive({ error: 'a sample interval is > 0 s' }).optional().describe('Default output interval of `sim`, s.'),
}).meta({ id: 'run' });

const Studies = z.strictObject({
  convergence: z.strictObject({
    alpha: z.number(), steps: z.array(z.number()).min(2).max(20), tEnd: z.number(), sampleDt: z.number(),
    reference: z.strictObject({ method: z.enum(['classical', 'modified']), alpha: z.number(), h: z.number() }),
    note: z.string().max(300),
  }).optional(),
  alphaSweep: z.strictObject({ h: z.number().optional(), tEnd: z.number().optional(), note: z.string().max(300) }).optional(),
  rhoSweep: z.strictObject({ h: z.number().optional(), tEnd: z.number().optional(), note: z.string().max(300) }).optional(),
  stability: z.strictObject({
    hRange: z.tuple([z.number().positive(), z.number().positive()]).refine(([lo, hi]) => lo < hi, { error: 'hRange is [smallest, largest] step, smallest first' })
      .describe('[smallest, largest] step of `sim study stability`, s: wide enough that every method meets its limit inside.'),
    tEnd: z.number().positive().describe('Length of every run of the study, s.'),
    note: z.string().max(300),
  }).optional(),
  dampingScan: z.strictObject({
    h: z.number().positive().optional().describe('The step of every run, s; default the model\'s own (run.h).'),
    tEnd: z.number().positive().optional().describe('Length of every run, s; default the model\'s t_end cut to 10,000 steps.'),
    alphaStep: z.number().positive().optional().describe('Spacing of the α grid over [−1/3, 0], 1/n; default 0.01.'),
    rhoStep: z.number().positive().optional().describe('Spacing of the ρ∞ grid over [0, 1], 1/n; default 0.05.'),
    note: z.string().max(300),
  }).optional().describe('Defaults of `sim study damping-scan`: where each method\'s α or ρ∞ is unstable at one step.'),
}).meta({ id: 'studies' });

const ScanMethod = z.enum(['classical', 'modified', 'generalized-alpha', 'lie-group', 'ji-xing']);

/** Consecutive grid values of a method's parameter that were all unstable (`sim study damping-scan`). */
const UnstableInterval = z.strictObject({
  from: z.number().describe('First unstable grid value (α or ρ∞).'),
  to: z.number().describe('Last unstable grid value; from ≤ to.'),
  modes: z.array(z.enum(['newton', 'multiplier-oscillation', 'euler-velocity', 'blow-up', 'energy', 'constraint', 'setup'])).min(1).max(8)
    .describe('What stopped its runs (the stability study\'s failure modes).'),
  firstFailure: z.number().nonnegative().describe('The earliest time one of its runs failed, s.'),
}).refine((i) => i.from <= i.to, { error: 'an unstable interval runs from its smaller value to its larger one' });

/**
 * Results of studies kept with the model, read by the web app only (nothing a run computes reads them): where
 * each method's α or ρ∞ was measured unstable at one step (the α and ρ∞ sliders mark it).
 */
const Measured = z.strictObject({
  dampingScan: z.strictObject({
    h: z.number().positive().describe('The step of every run, s.'),
    tEnd: z.number().positive().describe('Length of every run, s.'),
    alphaStep: z.number().positive().describe('Spacing of the α grid over [−1/3, 0].'),
    rhoStep: z.number().positive().describe('Spacing of the ρ∞ grid over [0, 1].'),
    unstable: z.partialRecord(ScanMethod, z.array(UnstableInterval).max(200))
      .describe('Per method scanned, its unstable intervals ([] : stable at every grid value); a method not listed was not scanned.'),
    command: z.string().max(300).describe('The `sim study damping-scan` command that measured it.'),
    note: z.string().max(300).optional(),
  }).describe('`sim study damping-scan` at the model\'s default parameter values.'),
}).meta({ id: 'measured' });

export const ModelDocumentSchema = z.strictObject({
  $schema: z.string().optional(),
  format: z.literal(MODEL_FORMAT, { error: `"format" must be "${MODEL_FORMAT}"` }),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'an id is lowercase letters, digits and -' }).optional(),
  title: z.string().min(1).max(120),
  description: z.string().max(1000).optional(),
  parameters: z.record(z.string(), Parameter).optional(),
  let: Lets.optional(),
  checks: z.array(z.strictObject({ require: Expression, message: z.string().max(300), parameter: z.string().optional() })).max(100).optional(),
  gravity: Vec3.optional().describe('m/s², global axes.'),
  ground: z.strictObject({ points: z.record(z.string(), Vec3).optional(), shape: z.union([Shape, z.array(Shape)]).optional() }).optional(),
  bodies: z.array(Body).max(listItems).optional(),
  joints: z.array(Joint).max(listItems).optional(),
  motions: z.array(Motion).max(listItems).optional(),
  loads: z.array(Load).max(listItems).optional(),
  outputs: z.array(Output).max(listItems).optional(),
  defaultOutput: Name.optional()
    .describe('The output plotted in ω\'s place when a link names none (its `output` key); default: ω.'),
  groups: z.array(Group).max(MODEL_LIMITS.groups).optional().describe('Repeated groups; their items follow the items above, group by group.'),
  primaryBody: Name.optional().describe('The body whose ω the standard columns report; default the first.'),
  exactOmega: VecOfTime.optional().describe('Exact body-fixed ω of the primary body, where one exists (plotted as a line).'),
  run: Run.optional(),
  studies: Studies.optional(),
  measured: Measured.optional(),
});

export type ModelDocument = z.infer<typeof ModelDocumentSchema>;
export type BodySpec = z.infer<typeof Body>;
export type JointSpec = z.infer<typeof Joint>;
export type MotionSpec = z.infer<typeof Motion>;
export type LoadSpec = z.infer<typeof Load>;
export type OutputSpec = z.infer<typeof Output>;
export type ShapeSpec = z.infer<typeof Shape>;
export type ParameterSpec = z.infer<typeof Parameter>;
export type NumSpec = z.infer<typeof Num>;
export type Vec3Spec = z.infer<typeof Vec3>;
export type NumOfTimeSpec = z.infer<typeof NumOfTime>;
export type VecOfTimeSpec = z.infer<typeof VecOfTime>;
export type OrientationSpec = z.infer<typeof Orientation>;
export type WhereSpec = z.infer<typeof Where>;
export type RepeatSpec = z.infer<typeof Repeat>;
export type GroupSpec = z.infer<typeof Group>;

/** The published JSON Schema (draft 2020-12) of the model file, generated from the schema above. */
export function modelJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ModelDocumentSchema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    ...schema,
    title: `HHT Playground model file (${MODEL_FORMAT})`,
    description: 'A mechanism for HHT Playground: bodies, joints, motions, loads and outputs in SI units, angles a person types in degrees. Documented in docs/model-format.md.',
  };
}

/** The text of docs/model-format.schema.json (`npm run schema` writes it; a test checks the committed one). */
export function modelJsonSchemaText(): string {
  return `${JSON.stringify(modelJsonSchema(), null, 2)}\n`;
}

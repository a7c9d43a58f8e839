/**
 * The Brüls–Cardona heavy top in MuJoCo's official WebAssembly build (npm `mujoco-js`, published
 * by Google DeepMind from google-deepmind/mujoco `wasm/package`), run in this Node process so its
 * speed and its ω(t_end) can be set beside our solver's.
 *
 * `npx tsx bench/mujoco.ts` prints one JSON line for h = 1e-5, t_end = 1 s.
 */
import { pathToFileURL } from 'node:url';
import loadMujoco, { type MainModule } from 'mujoco-js';

export interface MujocoRun {
  /** Wall time of the timed stepping loop divided by its step count, µs. */
  readonly usPerStep: number;
  readonly steps: number;
  /** Wall time of the timed stepping loop, s. */
  readonly seconds: number;
  /** User CPU time of the timed stepping loop divided by its step count, µs (less disturbed by other load). */
  readonly cpuUsPerStep: number;
  /** Angular velocity at t_end in body axes, rad/s (MuJoCo's ball-joint qvel is body-local). */
  readonly omegaEnd: [number, number, number];
}

/**
 * Same top as models/heavy-top.json: the body frame sits on the ball joint at the world
 * origin with the identity orientation; `<inertial>` puts the centre of mass at body (0, 1, 0), and
 * its `diaginertia` is about the centre of mass, as our J is. No geoms, so nothing can collide and
 * no inertia is inferred from geometry; joints default to zero damping and armature.
 */
function heavyTopXml(h: number): string {
  return `<mujoco model="heavy-top">
  <option timestep="${h}" integrator="RK4" gravity="0 0 -9.81"/>
  <worldbody>
    <body name="top" pos="0 0 0">
      <joint name="fixed-point" type="ball" pos="0 0 0"/>
      <inertial pos="0 1 0" mass="15" diaginertia="0.234375 0.46875 0.234375"/>
    </body>
  </worldbody>
</mujoco>`;
}

/** Body-frame initial angular velocity, rad/s (SPEC §2). */
const OMEGA0 = [0, 150, -4.61538] as const;

/**
 * Warm-up length in steps, whatever h is: V8 first runs the wasm in its baseline compiler and
 * swaps in optimised code in the background; here µs/step settles after about 15 000 steps.
 */
const WARMUP_STEPS = 30_000;

let modulePromise: Promise<MainModule> | undefined;

/** The module embeds its .wasm as base64 in one ES module, so loading needs no file lookup. */
function mujoco(): Promise<MainModule> {
  modulePromise ??= loadMujoco();
  return modulePromise;
}

/** Runs `steps` mj_step calls from the initial state; the clock covers the stepping loop only. */
function simulate(mj: MainModule, h: number, steps: number): { seconds: number; cpuSeconds: number; omega: [number, number, number] } {
  // Emscripten's in-memory FS: loadFromXML only reads from a path.
  const path = '/heavy-top.xml';
  mj.FS.writeFile(path, heavyTopXml(h));
  const model = mj.MjModel.loadFromXML(path);
  const data = new mj.MjData(model);
  try {
    // qpos starts at the identity quaternion; qvel is a Float64Array view into wasm memory.
    (data.qvel as Float64Array).set(OMEGA0);
    const cpu0 = process.cpuUsage().user;
    const start = process.hrtime.bigint();
    for (let i = 0; i < steps; i++) mj.mj_step(model, data);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const cpuSeconds = (process.cpuUsage().user - cpu0) / 1e6;
    const q = data.qvel as Float64Array;
    return { seconds, cpuSeconds, omega: [q[0], q[1], q[2]] };
  } finally {
    data.delete();
    model.delete();
  }
}

/** Heavy top with MuJoCo's RK4 at step h up to tEnd: one short warm-up run, then one timed run. */
export async function runMujocoHeavyTop(h: number, tEnd: number): Promise<MujocoRun> {
  const mj = await mujoco();
  const steps = Math.round(tEnd / h);
  simulate(mj, h, WARMUP_STEPS);
  const { seconds, cpuSeconds, omega } = simulate(mj, h, steps);
  return { usPerStep: (seconds / steps) * 1e6, cpuUsPerStep: (cpuSeconds / steps) * 1e6, steps, seconds, omegaEnd: omega };
}

// Run directly with `npx tsx bench/mujoco.ts` (not when bundled into bench/run.ts).
if (process.argv[1]?.endsWith('mujoco.ts') && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const h = 1e-5;
  const r = await runMujocoHeavyTop(h, 1);
  console.log(JSON.stringify({
    scenario: 'heavy-top', engine: 'mujoco-wasm', integrator: 'RK4', h, steps: r.steps,
    seconds: +r.seconds.toFixed(3),
    us_per_step: +r.usPerStep.toFixed(3),
    omega_end: r.omegaEnd,
  }));
}

/**
 * The 3D view's pure parts (src/app/components/scene): colours of a model file, the coil of a spring, the
 * camera's fit, where the rigs stand at the view sizes of SPEC §7, the instance layout and its matrices.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { readModelText } from '../../src/modelfile/read';
import { scenarioFromDocument } from '../../src/scenario/fromDocument';
import { defaultValues, getScenario } from '../../src/scenario/registry';
import type { ScenarioDef } from '../../src/scenario/types';
import type { Vec3 } from '../../src/solver/model/types';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { paletteFor } from '../../src/app/theme';
import { poseAt, posesAt } from '../../src/app/poses';
import { boxWithInertia } from '../../src/scenario/shapes';
import { isColorText, resolveColor, THEME_COLORS } from '../../src/app/components/scene/sceneColors';
import { coilIndices, coilVertexCount, writeCoil, type CoilShape } from '../../src/app/components/scene/coil';
import { fitCamera, fitDistance, type FitMargins } from '../../src/app/components/scene/cameraFit';
import { sceneModelOf, upFromGravity } from '../../src/scenario/sceneModel';
import { stageAxes, viewDirection } from '../../src/app/components/scene/sceneGeometry';
import { layoutOf, rigBase, upAxisName, type SceneLayout } from '../../src/app/components/scene/sceneLayout';
import { CAMERA_FOV, placeRigs, VIEW_MARGINS, type RigPlacement } from '../../src/app/components/scene/rigPlacement';
import { floorGrids, gridLines } from '../../src/app/components/scene/floorGrid';
import { viewFrame } from '../../src/app/components/scene/overlayMargins';
import { FIXED, planInstances, shapeMatrix, writeBodyMatrices, writeInstanceMatrices, type RigSpec } from '../../src/app/components/scene/instances';
import { add, cross, dot, norm, normalize, scale, sub } from '../../src/app/components/scene/sceneMath';
import { buildScenarioModel } from '../../src/scenario/build';

const LIGHT = paletteFor(false, false);
const PROJECTOR = paletteFor(false, true);
const CLASSICAL = LIGHT.method.classical;

function fixture(path: string): ScenarioDef {
  const read = readModelText(readFileSync(path, 'utf8'));
  if (!read.ok) throw new Error(JSON.stringify(read.issues));
  return scenarioFromDocument(read.document);
}

const MODELS: Record<string, ScenarioDef> = {
  spin: getScenario('spin'),
  'heavy-top': getScenario('heavy-top'),
  'v8-crank': getScenario('v8-crank'),
  'n-four-bar fixture': fixture('test/fixtures/n-four-bar-scene.json'),
  'showcase fixture': fixture('test/fixtures/scene-showcase.json'),
};
const layouts = Object.fromEntries(Object.entries(MODELS).map(([name, def]) => [name, layoutOf(sceneModelOf(def, defaultValues(def)))])) as Record<string, SceneLayout>;

describe('colours of a model file', () => {
  it('resolves the theme names from the palette, with an opacity after /', () => {
    expect(resolveColor('body', LIGHT, CLASSICAL)).toEqual({ hex: LIGHT.body, opacity: 1 });
    expect(resolveColor('accent', LIGHT, CLASSICAL)).toEqual({ hex: LIGHT.bodyAccent, opacity: 1 });
    expect(resolveColor('method', LIGHT, CLASSICAL)).toEqual({ hex: CLASSICAL, opacity: 1 });
    expect(resolveColor('ground / 0.3', LIGHT, CLASSICAL)).toEqual({ hex: LIGHT.ground, opacity: 0.3 });
    expect(resolveColor('ground / 30%', LIGHT, CLASSICAL)).toEqual({ hex: LIGHT.ground, opacity: 0.3 });
    // Projector mode's marks are black.
    expect(resolveColor('mark', PROJECTOR, CLASSICAL).hex).toBe('#000000');
    expect(THEME_COLORS.every((name) => isColorText(name))).toBe(true);
  });

  it('reads CSS colours: hex with and without alpha, rgb(), hsl(), names', () => {
    expect(resolveColor('#abc', LIGHT, CLASSICAL)).toEqual({ hex: '#aabbcc', opacity: 1 });
    expect(resolveColor('#AABBCC80', LIGHT, CLASSICAL)).toEqual({ hex: '#aabbcc', opacity: 128 / 255 });
    expect(resolveColor('rgb(255 0 0 / 50%)', LIGHT, CLASSICAL)).toEqual({ hex: '#ff0000', opacity: 0.5 });
    expect(resolveColor('rgba(0, 0, 255, 0.25)', LIGHT, CLASSICAL)).toEqual({ hex: '#0000ff', opacity: 0.25 });
    expect(resolveColor('hsl(120, 100%, 25%)', LIGHT, CLASSICAL)).toEqual({ hex: '#008000', opacity: 1 });
    expect(resolveColor('Tomato', LIGHT, CLASSICAL)).toEqual({ hex: '#ff6347', opacity: 1 });
  });

  it('draws text that is no colour, or no text, in the fallback', () => {
    for (const bad of ['notacolor', '#12345', 'rgb(1, 2)', 'ground /', 'method / x', '__proto__', 'constructor']) {
      expect(isColorText(bad), bad).toBe(false);
      expect(resolveColor(bad, LIGHT, CLASSICAL)).toEqual({ hex: LIGHT.body, opacity: 1 });
    }
    expect(resolveColor(null, LIGHT, CLASSICAL, 'mark')).toEqual({ hex: LIGHT.text, opacity: 1 });
  });
});

describe('a spring drawn as a coil', () => {
  const shape: CoilShape = { turns: 5, segmentsPerTurn: 8, sides: 6, radius: 0.1, wire: 0.01 };
  const count = coilVertexCount(shape);

  function draw(a: Vec3, b: Vec3) {
    const positions = new Float32Array(3 * count);
    const normals = new Float32Array(3 * count);
    writeCoil(shape, ...a, ...b, positions, normals, 0);
    const rings: { centre: Vec3; vertices: Vec3[]; normals: Vec3[] }[] = [];
    for (let i = 0; i <= shape.turns * shape.segmentsPerTurn; i++) {
      const vertices: Vec3[] = [], ns: Vec3[] = [];
      for (let j = 0; j < shape.sides; j++) {
        const o = 3 * (i * shape.sides + j);
        vertices.push([positions[o], positions[o + 1], positions[o + 2]]);
        ns.push([normals[o], normals[o + 1], normals[o + 2]]);
      }
      rings.push({ centre: scale(vertices.reduce((s, v) => add(s, v), [0, 0, 0] as Vec3), 1 / shape.sides), vertices, normals: ns });
    }
    return rings;
  }

  it('has rings of wire around a helix of the coil radius from one end to the other', () => {
    const a: Vec3 = [0.2, -0.1, 0.3], b: Vec3 = [0.5, 0.7, -0.2];
    const axis = normalize(sub(b, a));
    const length = norm(sub(b, a));
    const rings = draw(a, b);
    rings.forEach((ring, i) => {
      const d = sub(ring.centre, a);
      const along = dot(d, axis);
      expect(along).toBeCloseTo((i / (rings.length - 1)) * length, 5);
      expect(norm(sub(d, scale(axis, along)))).toBeCloseTo(shape.radius, 5);
      ring.vertices.forEach((v, j) => {
        expect(norm(sub(v, ring.centre))).toBeCloseTo(shape.wire, 5);
        expect(norm(ring.normals[j])).toBeCloseTo(1, 5);
        expect(norm(sub(scale(sub(v, ring.centre), 1 / shape.wire), ring.normals[j]))).toBeLessThan(1e-4);
      });
    });
    // The helix turns `turns` times: consecutive rings are 2π / segmentsPerTurn apart about the axis.
    const radial = (k: number) => normalize(sub(sub(rings[k].centre, a), scale(axis, dot(sub(rings[k].centre, a), axis))));
    for (let k = 0; k + 1 < rings.length; k++) expect(Math.acos(Math.min(1, dot(radial(k), radial(k + 1))))).toBeCloseTo((2 * Math.PI) / shape.segmentsPerTurn, 4);
  });

  it('draws coincident ends as a flat coil, with no NaN', () => {
    const rings = draw([1, 1, 1], [1, 1, 1]);
    for (const ring of rings) for (const v of ring.vertices) expect(v.every(Number.isFinite)).toBe(true);
  });

  it('indexes two triangles per quad of the tube, for several coils in one buffer', () => {
    const indices = coilIndices(shape, 3);
    expect(indices.length).toBe(3 * shape.turns * shape.segmentsPerTurn * shape.sides * 6);
    expect(Math.max(...indices)).toBe(3 * count - 1);
    expect(Math.min(...indices.subarray(indices.length / 3))).toBe(count);
  });
});

/** Where points land on the screen of a camera (tan of the angle off its line of sight over tan of half the fov). */
function projector(camera: { position: Vec3; target: Vec3; up: Vec3 }, fovY: number, aspect: number): (p: Vec3) => [number, number] {
  const f = normalize(sub(camera.target, camera.position));
  const r = normalize(cross(f, camera.up));
  const v = cross(r, f);
  const tanY = Math.tan(fovY / 2);
  const [cx, cy, cz] = camera.position;
  return ([x, y, z]) => {
    const dx = x - cx, dy = y - cy, dz = z - cz;
    const depth = dx * f[0] + dy * f[1] + dz * f[2];
    return [(dx * r[0] + dy * r[1] + dz * r[2]) / depth / (tanY * aspect), (dx * v[0] + dy * v[1] + dz * v[2]) / depth / tanY];
  };
}

function project(p: Vec3, camera: { position: Vec3; target: Vec3; up: Vec3 }, fovY: number, aspect: number): [number, number] {
  return projector(camera, fovY, aspect)(p);
}

function insideWindow([x, y]: [number, number], m: FitMargins): boolean {
  const eps = 1e-9;
  return x >= -(1 - m.left) - eps && x <= 1 - m.right + eps && y >= -(1 - m.bottom) - eps && y <= 1 - m.top + eps;
}

describe('fitting the camera', () => {
  const none: FitMargins = { top: 0, bottom: 0, left: 0, right: 0 };

  it('stands back just far enough for the points to fill the view', () => {
    // tan(fov / 2) = 0.5 at aspect 1: points at ±1 across the view need a distance of 2.
    const fov = 2 * Math.atan(0.5);
    expect(fitDistance([[1, 0, 0], [-1, 0, 0]], [0, 0, 0], [0, 1, 0], [0, 0, 1], fov, 1, none)).toBeCloseTo(2, 12);
    expect(fitDistance([[0, 0, 0]], [0, 0, 0], [0, 1, 0], [0, 0, 1], fov, 1, none)).toBe(0);
    // A narrower view stands further back.
    expect(fitDistance([[1, 0, 0], [-1, 0, 0]], [0, 0, 0], [0, 1, 0], [0, 0, 1], fov, 0.5, none)).toBeCloseTo(4, 12);
  });

  it('keeps every point inside the margins and centres the picture in what is left', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const points: Vec3[] = Array.from({ length: 40 }, () => [3 * random() + 1, random(), 0.5 * random()]);
    const forward = normalize([0.5, 0.8, -0.3]);
    const fov = (25 * Math.PI) / 180;
    const fit = fitCamera(points, forward, [0, 0, 1], fov, 1.7, VIEW_MARGINS);
    const shot = points.map((p) => project(p, { ...fit, up: [0, 0, 1] }, fov, 1.7));
    for (const s of shot) expect(insideWindow(s, VIEW_MARGINS)).toBe(true);
    const xs = shot.map((s) => s[0]), ys = shot.map((s) => s[1]);
    // Touching the free window on at least one side, and centred in it.
    const touches = Math.max(Math.max(...xs) - (1 - VIEW_MARGINS.right), Math.max(...ys) - (1 - VIEW_MARGINS.top), -(1 - VIEW_MARGINS.left) - Math.min(...xs), -(1 - VIEW_MARGINS.bottom) - Math.min(...ys));
    expect(touches).toBeGreaterThan(-1e-6);
    expect((Math.max(...xs) + Math.min(...xs)) / 2).toBeCloseTo((VIEW_MARGINS.left - VIEW_MARGINS.right) / 2, 2);
  });
});

/** Width / height of the 3D view at the sizes of SPEC §7 (laptop 1366×768, tablet 768×1024, projector 1280×720, phone 390×844), and a narrow column. */
const VIEW_ASPECTS = [3.9, 1.78, 1.44, 1.04, 0.6];

/** Every rig's envelope points in world units. */
function rigPoints(layout: SceneLayout, placement: RigPlacement): Vec3[][] {
  return placement.offsets.map((o) => layout.envelope.map((p) => add(scale(sub(p, layout.centre), layout.scale), o)));
}

describe('where the rigs stand and the camera looks from', () => {
  it('takes up from gravity: z for −z gravity, y for −y gravity, z without gravity', () => {
    expect(upFromGravity([0, 0, -9.81])).toEqual([0, 0, 1]);
    expect(upFromGravity([0, -9.81, 0])).toEqual([0, 1, 0]);
    expect(upFromGravity(null)).toEqual([0, 0, 1]);
    expect(layouts.spin.model.up).toEqual([0, 0, 1]);
    expect(layouts['v8-crank'].model.up).toEqual([0, 0, 1]);
    expect(layouts['n-four-bar fixture'].model.up).toEqual([0, 1, 0]);
    expect(upAxisName([0, 1, 0])).toBe('y');
    expect(upAxisName([0, 0, -1])).toBe('−z');
    expect(upAxisName(normalize([1, 1, 0]))).toBeNull();
    const { h1, h2, up } = stageAxes([0, 1, 0]);
    expect(dot(cross(h1, h2), up)).toBeCloseTo(1, 12);
  });

  it('looks at a flat linkage face on, its long side to the right, and at a 3D model from three quarters', () => {
    const bar = layouts['n-four-bar fixture'];
    expect(bar.view.planar).toBe(true);
    expect(bar.view.right[0]).toBeCloseTo(1, 12);
    expect(bar.view.forward[2]).toBeLessThan(-0.95);
    const v8 = layouts['v8-crank'];
    expect(v8.view.planar).toBe(false);
    expect(Math.abs(v8.view.forward[0])).toBeGreaterThan(0.3);
    expect(Math.abs(v8.view.forward[1])).toBeGreaterThan(0.3);
    expect(viewDirection(v8.box, v8.axes).forward).toEqual(v8.view.forward);
  });

  it('sweeps a top about its fixed point: the envelope holds the top however it turns, the floor is under it', () => {
    const top = layouts['heavy-top'];
    // The cone's tip is at the fixed point (the origin) and the disc's rim about 1.05 m from it.
    const reach = Math.max(...top.envelope.map((p) => norm(p)));
    expect(reach).toBeGreaterThan(1.04);
    expect(reach).toBeLessThan(1.5);
    expect(top.box.min[2]).toBeCloseTo(-top.box.max[2], 9);
    expect(top.floor).toBeLessThan(top.box.min[2]);
  });

  for (const [name, layout] of Object.entries(layouts)) {
    it(`${name}: all rigs and the axes fit every view size, apart from each other`, () => {
      const fov = (CAMERA_FOV * Math.PI) / 180;
      for (const aspect of VIEW_ASPECTS) {
        for (const count of [1, 2, 3, 4]) {
          const placement = placeRigs(layout, count, aspect);
          const shoot = projector(placement.camera, fov, aspect);
          const rigs = rigPoints(layout, placement).map((points) => points.map(shoot));
          // A long row shown from its start (below) fits in height; the rest of it runs out to the right.
          const fits = placement.cropped ? ([x, y]: [number, number]) => insideWindow([Math.min(x, 0), y], VIEW_MARGINS) : (shot: [number, number]) => insideWindow(shot, VIEW_MARGINS);
          const outside = [...rigs.flat(), shoot(placement.axes)].filter((shot) => !fits(shot));
          expect(outside, `aspect ${aspect}, ${count} rigs`).toEqual([]);
          // Side by side: each rig's picture is left of the next; stacked: above the next.
          const k = placement.stacked ? 1 : 0;
          for (let i = 0; i + 1 < rigs.length; i++) {
            const a = rigs[i].map((s) => s[k]), b = rigs[i + 1].map((s) => s[k]);
            if (placement.stacked) expect(Math.min(...a)).toBeGreaterThan(Math.max(...b));
            else expect(Math.max(...a)).toBeLessThan(Math.min(...b));
          }
        }
      }
    });
  }

  it('keeps the room the text over a short view takes free, and chooses stacking as without it', () => {
    const fov = (CAMERA_FOV * Math.PI) / 180;
    // A 1046 × 268 px view (1366 × 768): names and ω down to 42 px, the legend 20 px tall.
    const frame = viewFrame(1046, 268, 42, 20);
    expect(frame.aspect).toBe(3.9);
    expect(frame.margins.top).toBeCloseTo(0.36, 9);
    expect(frame.margins.bottom).toBeCloseTo(0.2, 9);
    for (const [name, layout] of Object.entries(layouts)) {
      const placement = placeRigs(layout, 2, frame.aspect, frame.margins);
      expect(placement.stacked, name).toBe(placeRigs(layout, 2, frame.aspect).stacked);
      const shoot = projector(placement.camera, fov, frame.aspect);
      const outside = [...rigPoints(layout, placement).flat().map(shoot), shoot(placement.axes)].filter((shot) => !insideWindow(shot, frame.margins));
      expect(outside, name).toEqual([]);
    }
  });

  it('frames the view by its text: shares of the half-height, never under the least, a fifth of the view kept', () => {
    expect(viewFrame(0, 0, 10, 10)).toEqual({ aspect: 1.6, margins: VIEW_MARGINS });
    expect(viewFrame(800, 800, 0, 0).margins).toEqual(VIEW_MARGINS);
    expect(viewFrame(800, 800, 10, 10).margins).toEqual(VIEW_MARGINS);
    const tiny = viewFrame(300, 60, 50, 50).margins;
    expect(tiny.top).toBe(0.8);
    expect(tiny.bottom).toBe(0.8);
  });

  it('shows a long row whole where that is large enough, else from its start, fitted to its height (a narrow view)', () => {
    const bar = layouts['n-four-bar fixture'];
    const fov = (CAMERA_FOV * Math.PI) / 180;
    /** The picture's height of a 1 m rocker at the row's start, as a share of the view's height. */
    const rockerHeight = (placement: RigPlacement, aspect: number) => {
      const shoot = projector(placement.camera, fov, aspect);
      const at = (p: Vec3) => shoot(add(scale(sub(p, bar.centre), bar.scale), placement.offsets[0]));
      return (at([0, 1, 0])[1] - at([0, 0, 0])[1]) / 2;
    };
    // The 3D view at 1366×768: 1046 × 268 px, names and ω down to 42 px, the legend 20 px tall.
    const laptop = viewFrame(1046, 268, 42, 20);
    expect(placeRigs(bar, 2, laptop.aspect, laptop.margins).cropped).toBe(false);
    // One row (the methods overlaid) in the same view would be a strip: it is shown from its start.
    expect(placeRigs(bar, 1, laptop.aspect, laptop.margins).cropped).toBe(true);
    for (const aspect of [1.04, 0.6]) {
      const whole = placeRigs(bar, 2, aspect);
      expect(whole.cropped).toBe(true);
      const shoot = projector(whole.camera, fov, aspect);
      const rig = [...rigPoints(bar, whole)[0], whole.axes].map(shoot);
      // The row's start (and the axes beside it) touches the free window's left edge; the picture is larger than the whole row's.
      // (the axes helper's arrows, nearer the camera, reach the edge itself).
      const left = Math.min(...rig.map(([x]) => x));
      expect(left).toBeGreaterThanOrEqual(-(1 - VIEW_MARGINS.left) - 1e-9);
      expect(left).toBeLessThan(-(1 - VIEW_MARGINS.left) + 0.05);
      // The whole 42 m row across the free width would show a rocker at 0.96 aspect / 42 of the view's height.
      expect(rockerHeight(whole, aspect)).toBeGreaterThan((2 * 0.96 * aspect) / 42);
      expect(rockerHeight(whole, aspect)).toBeGreaterThan(0.08);
    }
    // The paper models and the other fixtures are always shown whole.
    for (const name of ['spin', 'heavy-top', 'v8-crank', 'showcase fixture']) {
      for (const aspect of VIEW_ASPECTS) for (const count of [1, 2, 4]) expect(placeRigs(layouts[name], count, aspect).cropped, `${name} ${aspect} ${count}`).toBe(false);
    }
  });

  it('stacks the long flat linkage and stands the paper models side by side on landscape views', () => {
    for (const aspect of VIEW_ASPECTS) expect(placeRigs(layouts['n-four-bar fixture'], 2, aspect).stacked).toBe(true);
    for (const name of ['spin', 'heavy-top', 'v8-crank']) for (const aspect of [3.9, 1.78, 1.44]) expect(placeRigs(layouts[name], 2, aspect).stacked, `${name} ${aspect}`).toBe(false);
    expect(placeRigs(layouts['heavy-top'], 1, 1.6).offsets).toEqual([[0, 0, 0]]);
  });

  it('lays floors on the floor height: one under rigs side by side, one per rig stacked', () => {
    for (const [name, count] of [['heavy-top', 2], ['n-four-bar fixture', 2]] as const) {
      const layout = layouts[name];
      const placement = placeRigs(layout, count, 3.9);
      const grids = floorGrids(layout, placement);
      expect(grids.length).toBe(placement.stacked ? count : 1);
      grids.forEach((grid, g) => {
        const mantissa = grid.step / 10 ** Math.floor(Math.log10(grid.step) + 1e-9);
        expect([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9), `step ${grid.step}`).toBe(true);
        const heights = new Set<string>();
        for (let i = 0; i < grid.positions.length; i += 3) heights.add(dot([grid.positions[i], grid.positions[i + 1], grid.positions[i + 2]], layout.model.up).toFixed(5));
        expect(heights.size).toBe(1);
        const floor = dot(add(scale(sub(scale(layout.model.up, layout.floor), scale(layout.model.up, dot(layout.centre, layout.model.up))), layout.scale), placement.offsets[placement.stacked ? g : 0]), layout.model.up);
        expect(Number([...heights][0])).toBeCloseTo(floor, 4);
      });
    }
  });

  it('frames a floor by its edges, not by whole steps: the 42 m linkage gets a floor a few metres deep', () => {
    expect(gridLines(-0.3, 1.05, 0.5)).toEqual([-0.3, 0, 0.5, 1.05]);
    expect(gridLines(0, 1, 0.5)).toEqual([0, 0.5, 1]);
    expect(gridLines(0.01, 0.09, 0.5)).toEqual([0.01, 0.09]);
    const layout = layouts['n-four-bar fixture'];
    const placement = placeRigs(layout, 1, 1.6);
    const [grid] = floorGrids(layout, placement);
    const { h1, h2 } = layout.axes;
    const across = (axis: typeof h1) => {
      let lo = Infinity, hi = -Infinity;
      for (let i = 0; i < grid.positions.length; i += 3) {
        const x = dot([grid.positions[i], grid.positions[i + 1], grid.positions[i + 2]], axis) / layout.scale;
        lo = Math.min(lo, x); hi = Math.max(hi, x);
      }
      return hi - lo;
    };
    const long = layout.box.max[0] - layout.box.min[0], deep = layout.box.max[1] - layout.box.min[1];
    expect(grid.step).toBe(5);
    // Float32 positions: 4 decimals of 46 m.
    expect(across(h1)).toBeCloseTo(1.1 * long, 4);
    // Deep as the footprint and the same pad of 5 % of the length each side; a whole step each way would be 10 m.
    expect(across(h2)).toBeCloseTo(deep + 0.1 * long, 4);
    expect(across(h2)).toBeLessThan(2 * grid.step);
  });
});

describe('the scene of a model file', () => {
  it('draws a body without shapes as the box of its inertia, and knows which joints hold to ground', () => {
    const model = layouts['showcase fixture'].model;
    const block = model.bodies.find((b) => b.name === 'block')!;
    expect(block.inertiaBox).toBe(true);
    expect(block.shapes[0].size).toEqual(boxWithInertia(0.5, [0.0006, 0.0008, 0.0008]));
    expect(Object.fromEntries(model.joints.map((j) => [j.name, j.grounded]))).toEqual({ hinge: true, 'ball joint': false, weld: false, slide: true });
    expect(model.springs.length).toBe(2);
    expect(model.ground.length).toBe(3);
    expect(model.bodies.every((b) => b.shapes.length > 0)).toBe(true);
  });

  it('starts every body at its pose at t = 0', () => {
    const def = MODELS['v8-crank'];
    const built = buildScenarioModel(def, defaultValues(def));
    const q = layouts['v8-crank'].model.initialPoses;
    built.bodies.forEach((b, i) => {
      for (let k = 0; k < 3; k++) expect(q[7 * i + k]).toBeCloseTo(b.position[k], 12);
      for (let k = 0; k < 4; k++) expect(q[7 * i + 3 + k]).toBeCloseTo(b.orientation[k], 12);
    });
  });
});

describe('instance layout', () => {
  const rigs = (ghost: boolean): RigSpec[] => [{ methodColor: LIGHT.method.classical, ghost: false }, { methodColor: LIGHT.method.modified, ghost }];

  it('puts every shape, glyph, ground shape and stand of each rig into one batch per geometry and material', () => {
    const layout = layouts['heavy-top'];
    const batches = planInstances(layout, rigs(false), LIGHT);
    const keys = batches.map((b) => b.key);
    expect(new Set(keys).size).toBe(keys.length);
    // Per rig: 5 shapes of the top, the fixed point's ball, its stand.
    expect(batches.reduce((n, b) => n + b.count, 0)).toBe(2 * 7);
    for (const rig of [0, 1]) {
      const colors = batches.flatMap((b) => b.colors.filter((_, k) => b.rig[k] === rig));
      expect(colors).toContain(LIGHT.method[rig === 0 ? 'classical' : 'modified']);
    }
    expect(batches.some((b) => b.glyph && b.geometry === 'sphere')).toBe(true);
  });

  it('draws a ghost as the bodies only, all in its method colour, see-through', () => {
    const layout = layouts['showcase fixture'];
    const batches = planInstances(layout, rigs(true), LIGHT);
    const ghost = batches.filter((b) => b.ghost);
    const shapes = layout.model.bodies.reduce((n, b) => n + b.shapes.length, 0);
    expect(ghost.reduce((n, b) => n + b.count, 0)).toBe(shapes);
    for (const b of ghost) {
      expect(b.colors.every((c) => c === LIGHT.method.modified)).toBe(true);
      expect([...b.body].every((i) => i !== FIXED)).toBe(true);
    }
    // A translucent ground shape gets a batch of its own opacity.
    expect(batches.some((b) => !b.ghost && b.opacity === 0.35)).toBe(true);
  });

  it('writes instance matrices as rig base × body pose × shape matrix (three.js as the reference)', () => {
    const layout = layouts['heavy-top'];
    const batches = planInstances(layout, rigs(false), LIGHT);
    const placement = placeRigs(layout, 2, 1.6);
    const bases = new Float64Array(32);
    placement.offsets.forEach((o, k) => rigBase(layout, o, bases, 16 * k));
    const e = new Quaternion(0.3, -0.2, 0.5, 0.7).normalize();
    const poses = [Float64Array.of(0.1, 0.9, -0.2, e.w, e.x, e.y, e.z), Float64Array.from(layout.model.initialPoses)];
    const bodyMatrices = new Float64Array(32);
    writeBodyMatrices(poses, bases, 1, bodyMatrices, new Float64Array(16));
    const shapes = layout.model.bodies[0].shapes;
    for (const batch of batches) {
      const out = new Float32Array(16 * batch.count);
      writeInstanceMatrices(batch, bodyMatrices, bases, 1, out);
      for (let k = 0; k < batch.count; k++) {
        if (batch.body[k] === FIXED) continue;
        const rig = batch.rig[k];
        const expected = new Matrix4().fromArray(bases, 16 * rig)
          .multiply(new Matrix4().compose(new Vector3(poses[rig][0], poses[rig][1], poses[rig][2]), new Quaternion(poses[rig][4], poses[rig][5], poses[rig][6], poses[rig][3]), new Vector3(1, 1, 1)))
          .multiply(new Matrix4().fromArray(batch.local, 16 * k));
        for (let i = 0; i < 16; i++) expect(out[16 * k + i]).toBeCloseTo(expected.elements[i], 5);
      }
    }
    // At t = 0 the cone's tip (its unit geometry's (0, 1, 0)) is at the fixed point, the global origin.
    const cone = shapes.findIndex((s) => s.type === 'cone');
    const m = new Matrix4().fromArray(bases, 16).multiply(new Matrix4().makeTranslation(...layout.model.initialPoses.slice(0, 3) as unknown as [number, number, number])).multiply(new Matrix4().fromArray(shapeMatrix(shapes[cone])));
    const tip = new Vector3(0, 1, 0).applyMatrix4(m);
    const origin = new Vector3(0, 0, 0).applyMatrix4(new Matrix4().fromArray(bases, 16));
    expect(tip.distanceTo(origin)).toBeLessThan(1e-9);
  });
});

describe('poses at the playhead', () => {
  it('reads every body at once as poseAt reads each', () => {
    const bodies = 3, coordinates = 7 * bodies, samples = 5;
    const rows = new Float64Array(samples * SAMPLE_WIDTH);
    const poses = new Float64Array(samples * coordinates);
    for (let i = 0; i < samples; i++) {
      rows[i * SAMPLE_WIDTH] = 0.1 * i;
      for (let b = 0; b < bodies; b++) {
        const angle = (b + 1) * i * 0.4;
        poses.set([i, b, -i, Math.cos(angle / 2), 0, Math.sin(angle / 2), 0], i * coordinates + 7 * b);
      }
    }
    for (const t of [0, 0.05, 0.17, 0.4, 0.9]) {
      const all = new Float64Array(coordinates);
      expect(posesAt(rows, poses, coordinates, bodies, t, all)).toBe(true);
      for (let b = 0; b < bodies; b++) {
        const one = new Float64Array(7);
        poseAt(rows, poses, coordinates, b, t, one);
        expect([...all.subarray(7 * b, 7 * b + 7)]).toEqual([...one]);
      }
    }
    expect(posesAt(new Float64Array(0), poses, coordinates, bodies, 0, new Float64Array(coordinates))).toBe(false);
  });
});

/**
 * The V8 crank drive's parts for the 3D view, drawn where they are at crank angle 0 in global
 * metres (x the crank axis, z up); Scene3D moves each part with its body's pose relative to
 * that initial pose. The cylinder bores are fixed in space and translucent.
 */
import { useMemo, type ReactNode } from 'react';
import { Quaternion, Vector3 } from 'three';
import type { Vec3 } from '../../solver/model/types';
import type { CylinderGeometry } from '../v8Geometry';
import type { Palette } from '../theme';
import type { V8Drawing } from '../v8Drawing';

const Y_AXIS = new Vector3(0, 1, 0);

/** point + s · axis. */
function along(point: Vec3, axis: Vec3, s: number): Vec3 {
  return [point[0] + s * axis[0], point[1] + s * axis[1], point[2] + s * axis[2]];
}

/** A round bar from `from` to `to` (three.js cylinders run along y); `children` is its material. */
function Bar({ from, to, radius, openEnded = false, children }: { from: Vec3; to: Vec3; radius: number; openEnded?: boolean; children: ReactNode }) {
  const { position, quaternion, length } = useMemo(() => {
    const a = new Vector3(...from);
    const axis = new Vector3(...to).sub(a);
    const length = axis.length();
    const position = a.addScaledVector(axis, 0.5);
    return { position, quaternion: new Quaternion().setFromUnitVectors(Y_AXIS, axis.normalize()), length };
  }, [from, to]);
  return (
    <mesh position={position} quaternion={quaternion}>
      <cylinderGeometry args={[radius, radius, length, 16, 1, openEnded]} />
      {children}
    </mesh>
  );
}

/** Half-width of a crank pin along x: room for the two rods on it. */
const PIN_HALF_WIDTH = 0.026;
const WEB_THICKNESS = 0.008;
const FLYWHEEL_THICKNESS = 0.014;

/** Main journal along x, four pins with their webs (each web also a counterweight), a marked flywheel. */
export function Crankshaft({ drawing, color, markColor }: { drawing: V8Drawing; color: string; markColor: string }) {
  const r = drawing.crankRadius;
  const [x0, x1] = drawing.shaft;
  const material = <meshLambertMaterial color={color} />;
  return (
    <group>
      <Bar from={[x0, 0, 0]} to={[x1, 0, 0]} radius={0.28 * r}>
        {material}
      </Bar>
      {drawing.pins.map((pin, k) => {
        // Crank angle of this pin: the pin direction (0, −sin φ, cos φ) is z turned by φ about x.
        const phi = Math.atan2(-pin[1], pin[2]);
        return (
          <group key={k}>
            <Bar from={[pin[0] - PIN_HALF_WIDTH, pin[1], pin[2]]} to={[pin[0] + PIN_HALF_WIDTH, pin[1], pin[2]]} radius={0.3 * r}>
              {material}
            </Bar>
            {[-1, 1].map((side) => (
              <mesh key={side} position={[pin[0] + side * (PIN_HALF_WIDTH + WEB_THICKNESS / 2), 0.35 * pin[1], 0.35 * pin[2]]} rotation={[phi, 0, 0]}>
                <boxGeometry args={[WEB_THICKNESS, 1.2 * r, 1.9 * r]} />
                {material}
              </mesh>
            ))}
          </group>
        );
      })}
      <Bar from={[x1, 0, 0]} to={[x1 + FLYWHEEL_THICKNESS, 0, 0]} radius={1.7 * r}>
        {material}
      </Bar>
      {/* A mark on the flywheel rim shows the crank angle. */}
      <mesh position={[x1 + FLYWHEEL_THICKNESS / 2, 0, 1.45 * r]}>
        <boxGeometry args={[FLYWHEEL_THICKNESS * 1.2, 0.35 * r, 0.45 * r]} />
        <meshLambertMaterial color={markColor} />
      </mesh>
    </group>
  );
}

/** Shank from big end to piston pin, with the two eyes. */
export function ConnectingRod({ drawing, cylinder, color }: { drawing: V8Drawing; cylinder: CylinderGeometry; color: string }) {
  const r = drawing.crankRadius;
  const { bigEnd, pistonPin } = cylinder;
  const eye = (centre: Vec3, half: number, radius: number) => (
    <Bar from={[centre[0] - half, centre[1], centre[2]]} to={[centre[0] + half, centre[1], centre[2]]} radius={radius}>
      <meshLambertMaterial color={color} />
    </Bar>
  );
  return (
    <group>
      <Bar from={bigEnd} to={pistonPin} radius={0.13 * r}>
        <meshLambertMaterial color={color} />
      </Bar>
      {eye(bigEnd, 0.009, 0.45 * r)}
      {eye(pistonPin, 0.008, 0.25 * r)}
    </group>
  );
}

export function Piston({ drawing, cylinder, color }: { drawing: V8Drawing; cylinder: CylinderGeometry; color: string }) {
  const { pistonPin, axis } = cylinder;
  return (
    <Bar from={along(pistonPin, axis, -drawing.piston[0])} to={along(pistonPin, axis, drawing.piston[1])} radius={drawing.pistonRadius}>
      <meshLambertMaterial color={color} />
    </Bar>
  );
}

/** The eight bores, fixed in space along the cylinder axes, see-through so the pistons show. */
export function CylinderBores({ drawing, palette }: { drawing: V8Drawing; palette: Palette }) {
  return (
    <group>
      {drawing.cylinders.map((c) => {
        const origin: Vec3 = [c.pistonPin[0], 0, 0];
        return (
          <Bar key={c.name} from={along(origin, c.axis, drawing.bore[0])} to={along(origin, c.axis, drawing.bore[1])} radius={1.08 * drawing.pistonRadius} openEnded>
            <meshLambertMaterial color={palette.ground} transparent opacity={0.3} depthWrite={false} />
          </Bar>
        );
      })}
    </group>
  );
}

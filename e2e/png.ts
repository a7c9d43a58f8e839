/**
 * Minimal PNG reader for screenshots (8-bit greyscale/RGB/RGBA, non-interlaced: what
 * Chromium writes), so tests can measure pixels without an image library.
 */
import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** Channels per pixel (1, 3 or 4). */
  readonly channels: number;
  readonly data: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 6: 4, 4: 2 };

export function decodePng(png: Buffer): DecodedPng {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colorType = body[9];
      if (depth !== 8 || body[12] !== 0 || !(colorType in CHANNELS)) throw new Error(`unsupported PNG (depth ${depth}, colour type ${colorType})`);
      channels = CHANNELS[colorType];
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = data.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? data.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels] : 0;
      const b = prev[x];
      const c = x >= channels ? prev[x - channels] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[x] = v & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** Standard deviation of the luminance over all pixels: ≈ 0 for a blank image. */
export function luminanceStdDev(image: DecodedPng): number {
  const { data, channels } = image;
  let sum = 0;
  let sumSq = 0;
  const n = data.length / channels;
  for (let i = 0; i < data.length; i += channels) {
    const y = channels >= 3 ? 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2] : data[i];
    sum += y;
    sumSq += y * y;
  }
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sumSq / n - mean * mean));
}

/** Number of distinct colours (capped), a second guard against a flat or two-tone canvas. */
export function distinctColours(image: DecodedPng, cap = 10_000): number {
  const seen = new Set<number>();
  const { data, channels } = image;
  for (let i = 0; i < data.length && seen.size < cap; i += channels) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  return seen.size;
}

import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, pngTexts, withPngText } from '../../src/app/export/pngText';
import { decodePng } from '../../e2e/png';

/** A valid 2×1 RGB PNG built here (signature, IHDR, IDAT, IEND). */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(new Uint8Array(Buffer.concat([head.subarray(4), data]))), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255]));
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]));
}

describe('text in an exported PNG', () => {
  it('computes the PNG CRC-32 (the check value of "123456789" is cbf43926)', () => {
    expect(crc32(new TextEncoder().encode('123456789')).toString(16)).toBe('cbf43926');
  });

  it('adds iTXt chunks a reader finds, in UTF-8, however long, and the image still decodes to the same pixels', () => {
    const link = `https://example.org/?v=1&scenario=custom&model-data=${'xVRN'.repeat(4000)}`;
    const png = withPngText(tinyPng(), { Title: 'Andrews’ squeezing mechanism — β and energy drift', URL: link });
    expect(pngTexts(png)).toEqual({ Title: 'Andrews’ squeezing mechanism — β and energy drift', URL: link });
    const before = decodePng(Buffer.from(tinyPng()));
    const after = decodePng(Buffer.from(png));
    expect([after.width, after.height, Array.from(after.data)]).toEqual([before.width, before.height, Array.from(before.data)]);
    // The chunks follow the header (readers that stop at the image data still see them).
    expect(Buffer.from(png.subarray(37, 41)).toString('latin1')).toBe('iTXt');
  });

  it('refuses what is not a PNG or not a keyword', () => {
    expect(() => withPngText(new Uint8Array(40), { Title: 'x' })).toThrow(/not a PNG/);
    expect(() => withPngText(tinyPng(), { ' Title': 'x' })).toThrow(/keyword/);
    expect(() => withPngText(tinyPng(), { ['k'.repeat(80)]: 'x' })).toThrow(/keyword/);
  });
});

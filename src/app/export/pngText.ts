/**
 * Text in a PNG file's metadata (PNG specification, 11.3.3.5 iTXt: keyword, UTF-8 text, uncompressed), so an
 * exported figure carries its title and its whole share link however long the link is: image viewers and
 * `exiftool` show them, and the figure need not print a link of thousands of characters. Pure.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** CRC-32 of the PNG specification (Annex D), table-driven. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Keywords are 1–79 printable Latin-1 characters without leading, trailing or double spaces (PNG 11.3.3.2). */
function checkKeyword(keyword: string): void {
  if (!/^[\x21-\x7e\xa1-\xff]([\x20-\x7e\xa1-\xff]{0,77}[\x21-\x7e\xa1-\xff])?$/.test(keyword) || keyword.includes('  ')) {
    throw new Error(`not a PNG text keyword: "${keyword}"`);
  }
}

/** One iTXt chunk (length, type, data, CRC) holding `text` under `keyword`, uncompressed, no language tag. */
function itxtChunk(keyword: string, text: string): Uint8Array {
  checkKeyword(keyword);
  const encoder = new TextEncoder();
  // keyword NUL, compression flag 0, method 0, empty language tag NUL, empty translated keyword NUL, text.
  const head = Uint8Array.from([...keyword].map((ch) => ch.charCodeAt(0)));
  const body = encoder.encode(text);
  const data = new Uint8Array(head.length + 5 + body.length);
  data.set(head, 0);
  data.set(body, head.length + 5);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set([0x69, 0x54, 0x58, 0x74], 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

function isPng(png: Uint8Array): boolean {
  return png.length >= 33 && SIGNATURE.every((b, i) => png[i] === b);
}

/**
 * The PNG with an iTXt chunk per entry (keyword → text) right after its header chunk (IHDR).
 * Example: withPngText(png, { Title: 'Heavy top', URL: 'https://…' }).
 */
export function withPngText(png: Uint8Array, entries: Readonly<Record<string, string>>): Uint8Array<ArrayBuffer> {
  if (!isPng(png)) throw new Error('not a PNG');
  const ihdrEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset, png.byteLength).getUint32(8);
  const chunks = Object.entries(entries).map(([keyword, text]) => itxtChunk(keyword, text));
  const out = new Uint8Array(png.length + chunks.reduce((sum, c) => sum + c.length, 0));
  out.set(png.subarray(0, ihdrEnd), 0);
  let at = ihdrEnd;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  out.set(png.subarray(ihdrEnd), at);
  return out;
}

/** The texts of a PNG's iTXt chunks (uncompressed ones) by keyword; a chunk whose CRC is wrong is an error. */
export function pngTexts(png: Uint8Array): Record<string, string> {
  if (!isPng(png)) throw new Error('not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const texts: Record<string, string> = {};
  const decoder = new TextDecoder();
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    if (view.getUint32(at + 8 + length) !== crc32(png.subarray(at + 4, at + 8 + length))) throw new Error(`bad CRC in chunk ${type}`);
    if (type === 'iTXt') {
      const keywordEnd = data.indexOf(0);
      const keyword = String.fromCharCode(...data.subarray(0, keywordEnd));
      if (data[keywordEnd + 1] === 0) {
        const languageEnd = data.indexOf(0, keywordEnd + 3);
        const translatedEnd = data.indexOf(0, languageEnd + 1);
        texts[keyword] = decoder.decode(data.subarray(translatedEnd + 1));
      }
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return texts;
}

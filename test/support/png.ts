import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_v, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/**
 * An RGBA PNG like a canvas exports: transparent, with opaque dark pixels where `ink(x, y)` says so.
 * Rows use the Sub filter, so decoders must really unfilter.
 */
export function canvasPng(width: number, height: number, ink: (x: number, y: number) => boolean): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const pixels = Buffer.alloc(width * 4);
    for (let x = 0; x < width; x++) if (ink(x, y)) pixels.set([20, 20, 60, 255], x * 4);
    const filtered = Buffer.alloc(width * 4);
    for (let i = 0; i < pixels.length; i++) filtered[i] = (pixels[i]! - (i >= 4 ? pixels[i - 4]! : 0)) & 0xff;
    rows.push(Buffer.concat([Buffer.from([1]), filtered]));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** A drawn stroke: a diagonal line with some thickness. */
export const strokePng = (width = 120, height = 40): Buffer => canvasPng(width, height, (x, y) => Math.abs(y - Math.floor((x * height) / width)) < 2 && x > 5 && x < width - 5);

export const dataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

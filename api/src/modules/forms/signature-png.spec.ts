import { deflateSync } from 'node:zlib';
import { canvasPng, strokePng } from '../../../../test/support/png';
import { inspectSignaturePng } from './signature-png';

describe('signature PNG check', () => {
  it('reads a drawn canvas and finds the trimmed drawing', () => {
    const r = inspectSignaturePng(canvasPng(100, 50, (x, y) => x >= 10 && x < 40 && y >= 5 && y < 17));
    expect(r).toEqual({ ok: true, image: { width: 100, height: 50, trimmedWidth: 30, trimmedHeight: 12 } });
    expect(inspectSignaturePng(strokePng()).ok).toBe(true);
  });

  it.each([
    ['a blank canvas', canvasPng(100, 50, () => false), 'The signature is empty. Please sign in the box'],
    ['a single dot (1x1 trimmed)', canvasPng(100, 50, (x, y) => x === 3 && y === 4), 'The signature is empty. Please sign in the box'],
    ['not a PNG', Buffer.from('GIF89a'.padEnd(80, 'x')), 'The signature must be a PNG image'],
    ['a PNG cut short', canvasPng(100, 50, () => true).subarray(0, 60), 'The signature must be a PNG image'],
    ['a PNG whose pixels inflate to more than its header says', (() => {
      const png = canvasPng(4, 4, () => true);
      // Replace the IDAT with one too long for 4x4 RGBA.
      const idat = deflateSync(Buffer.alloc(4 * (4 * 4 + 1) + 100));
      const len = Buffer.alloc(4);
      len.writeUInt32BE(idat.length);
      return Buffer.concat([png.subarray(0, 33), len, Buffer.from('IDAT'), idat, Buffer.alloc(4), png.subarray(png.length - 12)]);
    })(), 'The signature must be a PNG image'],
  ])('refuses %s', (_case, png, message) => {
    expect(inspectSignaturePng(png)).toEqual({ ok: false, message });
  });

  it('refuses a canvas larger than the cap without inflating it', () => {
    const png = canvasPng(2, 2, () => true);
    png.writeUInt32BE(5000, 16);
    expect(inspectSignaturePng(png)).toEqual({ ok: false, message: 'The signature image is too large' });
  });
});

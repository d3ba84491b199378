import { ZodValidationException } from 'nestjs-zod';
import { inflateSync } from 'node:zlib';
import { FormMessages, isSignatureLargeEnough, SIGNATURE_DATA_URL_PREFIX, SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SIDE, ZSignatureRequest } from '../../contracts/forms';
import { fieldErrors } from '../../core/http/field-errors';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per colour type at bit depth 8: grey, RGB, grey+alpha, RGBA (what a canvas exports). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
/** Decoded pixel bytes at most, so a small file cannot inflate into a huge buffer. */
const MAX_RAW_BYTES = 16 * 1024 * 1024;

export interface SignatureImage {
  width: number;
  height: number;
  /** The drawing's bounding box (the site's trimmed canvas). */
  trimmedWidth: number;
  trimmedHeight: number;
}

export type PngCheck = { ok: true; image: SignatureImage } | { ok: false; message: string };

const fail = (message: string): PngCheck => ({ ok: false, message });

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Reads a signature PNG far enough to know it is one and that something was drawn: the chunks, the
 * header (8-bit grey, RGB, grey+alpha or RGBA, not interlaced), and the pixels, unfiltered, to find the
 * drawing's bounding box. Ink is any pixel that is not fully transparent (with alpha) or that differs
 * from the top-left pixel (without alpha).
 */
export function inspectSignaturePng(data: Buffer): PngCheck {
  if (data.length < 57 || !data.subarray(0, 8).equals(PNG_MAGIC)) return fail(FormMessages.signatureNotPng);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  let sawEnd = false;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const start = offset + 8;
    if (start + length + 4 > data.length) return fail(FormMessages.signatureNotPng);
    const body = data.subarray(start, start + length);
    if (offset === 8 && type !== 'IHDR') return fail(FormMessages.signatureNotPng);
    if (type === 'IHDR') {
      if (length !== 13) return fail(FormMessages.signatureNotPng);
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const bitDepth = body[8];
      colorType = body[9]!;
      const interlace = body[12];
      if (bitDepth !== 8 || CHANNELS[colorType] === undefined || interlace !== 0) return fail(FormMessages.signatureNotPng);
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') {
      sawEnd = true;
      break;
    }
    offset = start + length + 4;
  }
  if (!sawEnd || idat.length === 0 || width === 0 || height === 0) return fail(FormMessages.signatureNotPng);
  if (width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE) return fail(FormMessages.signatureTooLarge);
  const bpp = CHANNELS[colorType]!;
  const stride = width * bpp;
  const expected = height * (stride + 1);
  if (expected > MAX_RAW_BYTES) return fail(FormMessages.signatureTooLarge);

  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    return fail(FormMessages.signatureNotPng);
  }
  if (raw.length !== expected) return fail(FormMessages.signatureNotPng);

  const hasAlpha = colorType === 4 || colorType === 6;
  let prev = Buffer.alloc(stride);
  let cur = Buffer.alloc(stride);
  let background: Buffer | null = null;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const rowStart = y * (stride + 1);
    const filter = raw[rowStart]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[rowStart + 1 + i]!;
      const a = i >= bpp ? cur[i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else if (filter === 4) v = x + paeth(a, b, c);
      else return fail(FormMessages.signatureNotPng);
      cur[i] = v & 0xff;
    }
    if (background === null) background = Buffer.from(cur.subarray(0, bpp));
    for (let px = 0; px < width; px++) {
      const p = px * bpp;
      const ink = hasAlpha ? cur[p + bpp - 1]! > 0 : !cur.subarray(p, p + bpp).equals(background);
      if (!ink) continue;
      if (px < minX) minX = px;
      if (px > maxX) maxX = px;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    [prev, cur] = [cur, prev];
  }
  const trimmedWidth = maxX < 0 ? 0 : maxX - minX + 1;
  const trimmedHeight = maxY < 0 ? 0 : maxY - minY + 1;
  if (!isSignatureLargeEnough(trimmedWidth, trimmedHeight)) return fail(FormMessages.signatureEmpty);
  return { ok: true, image: { width, height, trimmedWidth, trimmedHeight } };
}

/**
 * The drawing of a signature request (POST /forms, POST /onboarding/signature) as PNG bytes, after every
 * check: the body's shape, the size and the PNG itself. Throws the field errors a person can act on.
 */
export function signaturePngOf(body: unknown): Buffer {
  const parsed = ZSignatureRequest.safeParse(body ?? {});
  if (!parsed.success) throw new ZodValidationException(parsed.error);
  const png = Buffer.from(parsed.data.signature.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  if (png.length > SIGNATURE_MAX_BYTES) throw fieldErrors([{ path: 'signature', message: FormMessages.signatureTooLarge }]);
  const check = inspectSignaturePng(png);
  if (!check.ok) throw fieldErrors([{ path: 'signature', message: check.message }]);
  return png;
}

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressor, contentEncodingFor, isCompressible, varyWithAcceptEncoding } from './compression';

describe('contentEncodingFor', () => {
  it.each<[string | string[] | undefined, 'br' | 'gzip' | null]>([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, *;q=0.1', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    [['gzip', 'br'], 'br'],
  ])('%j -> %s', (header, expected) => {
    expect(contentEncodingFor(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it.each<[string | null, boolean]>([
    ['text/html; charset=utf-8', true],
    ['text/x-script', true],
    ['application/json; charset=utf-8', true],
    ['application/problem+json', true],
    ['application/javascript', true],
    ['image/svg+xml', true],
    ['text/csv', true],
    ['application/pdf', false],
    ['image/png', false],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['application/octet-stream', false],
    [null, false],
  ])('%s -> %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe('varyWithAcceptEncoding', () => {
  it.each<[string | number | string[] | undefined, string]>([
    [undefined, 'Accept-Encoding'],
    ['', 'Accept-Encoding'],
    ['Cookie', 'Cookie, Accept-Encoding'],
    ['accept-encoding', 'accept-encoding'],
    ['Cookie, Accept-Encoding', 'Cookie, Accept-Encoding'],
    ['*', '*'],
    [['Cookie', 'Origin'], 'Cookie, Origin, Accept-Encoding'],
  ])('%j -> %s', (current, expected) => {
    expect(varyWithAcceptEncoding(current)).toBe(expected);
  });
});

describe('compressor', () => {
  it.each(['br', 'gzip'] as const)('%s round-trips a page and makes it smaller', async (encoding) => {
    const page = Buffer.from(`<html><body>${'<p>Benefits enrollment</p>'.repeat(200)}</body></html>`);
    const stream = compressor(encoding);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    stream.end(page);
    await ended;
    const packed = Buffer.concat(chunks);
    expect(packed.length).toBeLessThan(page.length / 10);
    expect((encoding === 'br' ? brotliDecompressSync(packed) : gunzipSync(packed)).equals(page)).toBe(true);
  });
});

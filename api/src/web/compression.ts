import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';

/**
 * Compression of the site's rendered answers (HTML, single-fetch data, resource routes). The API's JSON goes
 * through @fastify/compress and the built files through @fastify/static's precompressed .br/.gz; the site's
 * requests are taken out of Fastify's lifecycle (hijacked, remix-host.ts), so neither hook sees them and
 * remix-host compresses them with these.
 */

export type ContentEncoding = 'br' | 'gzip';

/** Preferred first when the client weighs them equally: brotli is smaller at the same speed (quality 4). */
const SUPPORTED: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with for an Accept-Encoding header: the supported one with the highest q (brotli on
 * a tie), none when the header is absent or refuses both (q=0). `*` stands for any encoding not named.
 */
export function contentEncodingFor(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  let best: ContentEncoding | null = null;
  let bestQ = 0;
  for (const encoding of SUPPORTED) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Text the site answers with; images, PDFs and spreadsheets are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[a-z.+-]*\+json|[a-z.+-]*\+xml)\b|image\/svg\+xml)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/**
 * A compressing stream for one answer. Quality 4 / level 6 as @fastify/compress uses for the API: a page is
 * compressed on every request, so speed matters more than the last percent (the built files are compressed
 * once, at the highest levels, in scripts/precompress.js).
 */
export function compressor(encoding: ContentEncoding): BrotliCompress | Gzip {
  if (encoding === 'br') {
    return createBrotliCompress({ params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } });
  }
  return createGzip({ level: 6 });
}

/** A Vary header value with Accept-Encoding added once. */
export function varyWithAcceptEncoding(current: string | number | string[] | undefined): string {
  const existing = (Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current)).trim();
  if (!existing) return 'Accept-Encoding';
  const names = existing.split(',').map((name) => name.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? existing : `${existing}, Accept-Encoding`;
}

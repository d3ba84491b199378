import { BadRequestException } from '@nestjs/common';
import { parse as parseForm } from 'qs';

const NUL = '\u0000';
const MAX_DEPTH = 32;

const hasNul = (text: string): boolean => text.includes(NUL);

/** C0 controls (NUL, tab, CR, LF...), DEL and C1 controls. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Where a string that `bad` refuses hides in parsed input (a value, or a key), or null. */
function findIn(value: unknown, bad: (text: string) => boolean, path: string, depth: number): string | null {
  if (typeof value === 'string') return bad(value) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (bad(key)) return here;
    const found = findIn(inner, bad, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Where a NUL character hides in parsed input (a body or query value, or a key), or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  return findIn(value, hasNul, path, depth);
}

export const INVALID_CHARACTERS = 'The request contains a character that is not allowed';

/** A request target's path: what comes before its query. */
export function pathOf(url = '/'): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

export interface BadInput {
  path: string;
  message: string;
}

/**
 * Checked after the body is parsed, before any guard: a NUL character in the path, the query or the body is
 * refused (PostgreSQL refuses NUL in text, so it used to surface as a 500, after the login throttle).
 */
export function nulBytesIn(url: string, query: unknown, body: unknown): BadInput | null {
  let path: string;
  try {
    path = decodeURIComponent(pathOf(url));
  } catch {
    return { path: 'path', message: INVALID_ADDRESS };
  }
  if (path.includes(NUL)) return { path: 'path', message: INVALID_CHARACTERS };
  const where = findNul(query, 'query') ?? findNul(body, '');
  return where ? { path: where.replace(/^query\./, ''), message: INVALID_CHARACTERS } : null;
}

/**
 * The text fields of a multipart upload, which the upload interceptor reads only after the app's check of
 * bodies (nulBytesIn, before any guard) has run, so that check never saw them. Every such field is one line (a title), so a NUL or any other control
 * character is refused with the same 400 as a NUL in a JSON body.
 */
export function badMultipartFields(fields: unknown): BadInput | null {
  const where = findIn(fields, hasControlCharacter, '', 0);
  return where ? { path: where, message: INVALID_CHARACTERS } : null;
}

/** The API's 400 for input refused before any handler. */
export function badInput(bad: BadInput): BadRequestException {
  return new BadRequestException(badInputBody(bad));
}

export function badInputBody(bad: BadInput): { statusCode: 400; message: string; errors: BadInput[] } {
  return { statusCode: 400, message: bad.message, errors: [bad] };
}

export const INVALID_ADDRESS = 'The address is not valid';

const NOT_JSON = 'The body is not valid JSON';

/**
 * A JSON body: an empty one is no body (as Express's parser had it: a POST that sends a JSON content type and
 * nothing else is still a request without a body); anything unparsable is the API's own 400.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    // Keys such as __proto__ stay plain data: JSON.parse never sets a prototype.
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadRequestException({ statusCode: 400, message: NOT_JSON });
  }
}

/** A form body with bracketed names (`fields[0][label]`) as nested objects and arrays, within qs's limits. */
export function parseFormBody(text: string): unknown {
  return parseForm(text, { depth: 5, parameterLimit: 1000, arrayLimit: 100 });
}

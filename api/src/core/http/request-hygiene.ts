import type { NextFunction, Request, Response } from 'express';

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** Where a NUL character hides in parsed input (a body or query value, or a key), or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || 'body' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return here;
    const found = findNul(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

export const INVALID_CHARACTERS = 'The request contains a character that is not allowed';

const badRequest = (res: Response, path: string, message = INVALID_CHARACTERS) =>
  res.status(400).json({ statusCode: 400, message, errors: [{ path, message }] });

/**
 * Runs after the body parsers, before any guard: a NUL character in the path, the query or the body answers
 * 400 (PostgreSQL refuses NUL in text, so it used to surface as a 500, after the login throttle).
 */
export function rejectNulBytes(req: Request, res: Response, next: NextFunction): void {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    badRequest(res, 'path', 'The address is not valid');
    return;
  }
  if (path.includes(NUL)) return void badRequest(res, 'path');
  const where = findNul(req.query, 'query') ?? findNul(req.body, '');
  if (where) return void badRequest(res, where.replace(/^query\./, ''));
  next();
}

/** Body-parser failures (not JSON, too large) as the API's own error bodies instead of Express's HTML page. */
export function bodyParserErrors(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.parse.failed') return void res.status(400).json({ statusCode: 400, message: 'The body is not valid JSON' });
  if (e?.type === 'entity.too.large') return void res.status(413).json({ statusCode: 413, message: 'The body is too large' });
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return void res.status(e.status).json({ statusCode: e.status, message: 'Bad request' });
  next(err);
}

import Ajv, { type ValidateFunction } from 'ajv';
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * Every API answer the e2e suites receive is checked against the response schema the OpenAPI document gives
 * for its operation and status (as Documenso reuses its Z…Response schemas): the document cannot drift from
 * what the API answers. Violations are collected here and fail the suite (response-schemas.after.ts).
 */
export const responseViolations: string[] = [];

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** The body as the API meant it: answers over 1 KiB go out in the encoding the client asked for (issue 31). */
function decoded(body: Buffer, encoding: unknown): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

function matcher(template: string): RegExp {
  return new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`);
}

export function checkResponsesAgainst(server: Server, document: Document): void {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(document as object, 'openapi');
  const routes = Object.entries(document.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), template, pattern: matcher(template), op })),
  );
  const compiled = new Map<string, ValidateFunction>();

  const validatorFor = (method: string, path: string, status: number): { name: string; validate: ValidateFunction } | string | null => {
    // Literal segments win over parameters (/dependents/addresses before /dependents/{id}).
    const candidates = routes.filter((r) => r.method === method && r.pattern.test(path)).sort((a, b) => a.template.split('{').length - b.template.split('{').length);
    const route = candidates[0];
    if (!route) return null;
    const answer = route.op.responses?.[String(status)];
    // An answer the document does not list is drift too (429 is the throttles' answer on any route).
    if (!answer) return status === 429 ? null : `${method} ${route.template} ${status}: status not in the document`;
    const schema = answer.content?.['application/json']?.schema;
    if (!schema) return null;
    const key = `${method} ${route.template} ${status}`;
    let validate = compiled.get(key);
    if (!validate) {
      const pointer = `openapi#/paths/${route.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
      validate = ajv.compile({ $ref: pointer });
      compiled.set(key, validate);
    }
    return { name: key, validate };
  };

  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as Buffer));
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer));
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
    res.on('finish', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const type = String(res.getHeader('content-type') ?? '');
      if (!path.startsWith('/mbl/api/') || !type.includes('application/json') || path.startsWith('/mbl/api/docs')) return;
      const found = validatorFor(req.method ?? 'GET', path, res.statusCode);
      if (!found) return;
      if (typeof found === 'string') {
        responseViolations.push(found);
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(decoded(Buffer.concat(chunks), res.getHeader('content-encoding')).toString('utf8'));
      } catch {
        responseViolations.push(`${found.name}: not JSON`);
        return;
      }
      if (!found.validate(body)) responseViolations.push(`${found.name}: ${ajv.errorsText(found.validate.errors)}`);
    });
    for (const listener of listeners) listener(req, res);
  });
}

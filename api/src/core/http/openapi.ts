/**
 * Makes the generated document a valid OpenAPI 3.0 document that client generators accept, and completes
 * every operation with the error answers its route metadata implies. zod's JSON Schema speaks 3.1 in places
 * (`type: ['string', 'null']`, `const`, numeric `exclusiveMinimum`); 3.0 says `nullable`, `enum`, booleans.
 */
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One schema node in the 3.0 dialect (children are converted by the caller's walk). */
function toSchema30(node: Json): Json {
  const out: Json = { ...node };
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((t) => t !== 'null');
    const nullable = types.length !== (out.type as string[]).length;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((type) => ({ type }));
    }
    if (nullable) out.nullable = true;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = out[key];
    if (!Array.isArray(list)) continue;
    const rest = list.filter((s) => !(isObject(s) && s.type === 'null' && Object.keys(s).length === 1));
    if (rest.length === list.length) continue;
    out.nullable = true;
    if (rest.length === 1 && isObject(rest[0]) && !('$ref' in rest[0])) {
      delete out[key];
      Object.assign(out, rest[0]);
    } else {
      out[key] = rest;
    }
  }
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  for (const [bound, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
    if (typeof out[exclusive] === 'number') {
      out[bound] = out[exclusive];
      out[exclusive] = true;
    }
  }
  delete out.$schema;
  // 3.0 has no propertyNames: a record's keys are strings anyway.
  delete out.propertyNames;
  return out;
}

/** Whether a node uses a 3.1-only form: only schema objects can (a type list, a null branch, const, numeric bounds). */
function needs30(node: Json): boolean {
  const nullBranch = (list: unknown) => Array.isArray(list) && list.some((s) => isObject(s) && s.type === 'null');
  return Array.isArray(node.type) || nullBranch(node.anyOf) || nullBranch(node.oneOf) || 'const' in node || typeof node.exclusiveMinimum === 'number' || typeof node.exclusiveMaximum === 'number' || '$schema' in node || 'propertyNames' in node;
}

/** Walks the whole document: the forms above occur only in schemas, so no other object is touched. */
function convertSchemas(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convertSchemas);
  if (!isObject(value)) return value;
  const node = needs30(value) ? toSchema30(value) : value;
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, convertSchemas(child)]));
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponseDto' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** The error answers every operation may give, from what its metadata says about it (the access guard's rules). */
function addErrorAnswers(operation: Json, path: string, method: string): void {
  const responses = (operation.responses ??= {}) as Json;
  const access = operation['x-access'];
  const signedIn = access !== 'public';
  // Any request can be malformed (a NUL byte, a body that is not JSON), so every operation may answer 400.
  responses['400'] ??= errorAnswer('Invalid input: `errors` lists each field with its message');
  if (signedIn) responses['401'] ??= errorAnswer('No valid token, or the session ended (messageCode 40102 when it expired)');
  const forbidden = [
    access !== 'user' && signedIn ? `needs the ${String(access)} permission` : null,
    signedIn && operation['x-allow-pending-change'] !== true ? 'a forced password or security-question change comes first (messageCode names which)' : null,
  ].filter((reason): reason is string => reason !== null);
  if (forbidden.length > 0) responses['403'] ??= errorAnswer(`Refused: ${forbidden.join('; or ')}`);
  if (path.includes('{')) responses['404'] ??= errorAnswer('Not found, or not yours (another employee or client answers 404 too)');
  if (signedIn && operation['x-allow-idle'] !== true) responses['408'] ??= errorAnswer('The session has been idle too long (messageCode 40801): sign in again or keep the session');
  if (['post', 'put', 'patch'].includes(method)) responses['413'] ??= errorAnswer('The body is over the size limit');
}

/** The finished document: OpenAPI 3.0 throughout, every operation with a body schema on writes and its errors. */
export function finishOpenApi<T extends object>(document: T): T {
  const doc = convertSchemas(document) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!isObject(operation)) continue;
      // Actions without input still say so: an empty object (or nothing) is the whole request.
      if (['post', 'put', 'patch'].includes(method) && operation.requestBody === undefined) {
        operation.requestBody = { required: false, content: { 'application/json': { schema: { type: 'object', properties: {}, additionalProperties: false } } } };
      }
      addErrorAnswers(operation, path, method);
    }
  }
  return doc as T;
}

import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';

interface Operation {
  summary?: string;
  tags?: string[];
  'x-access'?: string;
  'x-allow-idle'?: boolean;
  parameters?: unknown[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** The document API consumers generate clients from: valid, and complete for every operation. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await request(t.server).get('/mbl/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('validates with @apidevtools/swagger-parser as OpenAPI 3.0', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    expect(JSON.stringify(doc)).not.toMatch(/"type":\[/);
  });

  it('gives every operation a summary, a feature tag, its schemas and its error answers', () => {
    const problems: string[] = [];
    let count = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        count += 1;
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.summary) problems.push(`${name}: no summary`);
        if ((op.tags ?? []).length !== 1) problems.push(`${name}: tags ${JSON.stringify(op.tags)}`);
        const ok = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith('2'));
        if (!ok || !Object.values(ok[1].content ?? {}).some((c) => c.schema)) problems.push(`${name}: no 2xx response schema`);
        if (['post', 'put', 'patch'].includes(method) && !Object.values(op.requestBody?.content ?? {}).some((c) => c.schema)) problems.push(`${name}: no request schema`);
        const codes = Object.keys(op.responses ?? {});
        if (op['x-access'] !== 'public' && !codes.includes('401')) problems.push(`${name}: no 401`);
        if (op['x-access'] !== 'public' && op['x-access'] !== 'user' && !codes.includes('403')) problems.push(`${name}: no 403`);
        if (path.includes('{') && !codes.includes('404')) problems.push(`${name}: no 404`);
        if (!codes.includes('400')) problems.push(`${name}: no 400`);
        if (op['x-access'] !== 'public' && op['x-allow-idle'] !== true && !codes.includes('408')) problems.push(`${name}: no 408`);
      }
    }
    expect(count).toBeGreaterThan(60);
    expect(problems).toEqual([]);
    // Refusals the server owns are documented where they happen.
    expect(Object.keys(doc.paths['/mbl/api/me']!.put!.responses ?? {})).toContain('409');
  });
});

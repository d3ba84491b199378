import request from 'supertest';
import { createTestApp, type TestApp } from '../support/app';

/** Issue 32 item 1: GET /metrics (Prometheus text) for the bearer of METRICS_TOKEN only; labels carry route templates. */
describe('GET /metrics', () => {
  let t: TestApp;
  const token = 'metrics-e2e-token-0123456789';

  beforeAll(async () => {
    const saved = { METRICS_TOKEN: process.env.METRICS_TOKEN, METRICS_ALLOW_CIDR: process.env.METRICS_ALLOW_CIDR };
    process.env.METRICS_TOKEN = token;
    // The test's own address is not allowed by network: the token alone decides.
    process.env.METRICS_ALLOW_CIDR = '10.99.0.0/16';
    try {
      t = await createTestApp();
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  afterAll(() => t?.close());

  it('401 without the token or with another one', async () => {
    const none = await request(t.server).get('/metrics').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.text).not.toContain('bp_http_request_duration_seconds');
    await request(t.server).get('/metrics').set('Authorization', `Bearer ${token}x`).expect(401);
    await request(t.server).get('/metrics').set('Authorization', token).expect(401);
  });

  it('with the token: the expected metrics, and a request counted under its route template, never its raw URL', async () => {
    await request(t.server).get('/mbl/api/health/ready').expect(200);
    const id = 987654321;
    await request(t.server).get(`/mbl/api/campaigns/${id}`).expect(401);
    const res = await request(t.server).get('/metrics').set('Authorization', `Bearer ${token}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['bp_http_request_duration_seconds_bucket', 'bp_queue_jobs', 'bp_db_pool_connections', 'nodejs_eventloop_lag_seconds', 'process_cpu_seconds_total']) expect(res.text).toContain(name);
    expect(res.text).toMatch(/bp_http_request_duration_seconds_count\{method="GET",route="\/mbl\/api\/health\/ready",status="200"\} [1-9]/);
    expect(res.text).toMatch(/bp_http_request_duration_seconds_count\{method="GET",route="\/mbl\/api\/campaigns\/:\w+",status="401"\} [1-9]/);
    expect(res.text).not.toContain(String(id));
    expect(res.text).toMatch(/bp_queue_jobs\{queue="email",state="failed"\} \d+/);
    expect(res.text).toMatch(/bp_db_pool_connections\{state="total"\} [1-9]/);
  });
});

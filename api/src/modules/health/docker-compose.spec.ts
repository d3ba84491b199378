import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { WORKERS_NODE_FLAGS } from '../../../../workers/src/node-flags';
import { loadConfig } from '../../core/config/app-config';
import { API_NODE_FLAGS } from '../../bootstrap/node-flags';

/**
 * docker-compose.yml and the proxy's Caddyfile, checked without a Docker engine (none runs on
 * the machines this is built on): the file parses as YAML with its anchors and merge keys, the API and the
 * workers run as replicas behind the proxy with their readiness checks, and nothing docker-compose 1.29 refuses.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const text = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const caddyfile = readFileSync(join(ROOT, 'ops', 'caddy', 'Caddyfile'), 'utf8');

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  expose?: string[];
  deploy?: { replicas?: string | number };
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  volumes?: string[];
}
const doc = parseDocument(text, { merge: true });
const compose = doc.toJS({ maxAliasCount: 100 }) as { services: Record<string, Service>; volumes: Record<string, unknown>; name?: unknown };
const services = compose.services;
const seconds = (d: string) => Number(/^(\d+)s$/.exec(d)?.[1] ?? NaN);

describe('docker-compose.yml', () => {
  it('parses as YAML without errors or warnings; only keys docker-compose 1.29 accepts', () => {
    expect(doc.errors).toEqual([]);
    expect(doc.warnings).toEqual([]);
    expect(compose.name).toBeUndefined();
    for (const [name, s] of Object.entries(services)) {
      expect([name, Object.keys(s).filter((k) => k === 'develop')]).toEqual([name, []]);
      for (const [target, d] of Object.entries(s.depends_on ?? {})) {
        expect(services[target]).toBeDefined();
        expect(['service_started', 'service_healthy', 'service_completed_successfully']).toContain(d.condition);
        expect(d.required).toBeUndefined();
        // A service waited for as healthy has a health check.
        if (d.condition === 'service_healthy') expect(services[target]!.healthcheck).toBeDefined();
      }
    }
  });

  it.each([
    ['api', 'API_REPLICAS', 'dist/api/src/main.js', "http://127.0.0.1:3000/mbl/api/health/ready"],
    ['workers', 'WORKERS_REPLICAS', 'dist/workers/src/main.js', 'http://127.0.0.1:3001/health/ready'],
  ])('%s runs as replicas (%s), publishes no host port, is checked by its readiness probe and drains before SIGKILL', (name, variable, entry, ready) => {
    const s = services[name]!;
    expect(String(s.deploy?.replicas)).toBe(`\${${variable}:-2}`);
    // Each runs with its process's V8 flags (the workers' as NODE_OPTIONS, which refuses the API's).
    expect(s.command).toEqual(['node', ...(name === 'api' ? API_NODE_FLAGS : []), entry]);
    // Two replicas cannot both bind one host port: only the proxy publishes one.
    expect(s.ports).toBeUndefined();
    expect(s.healthcheck!.test.join(' ')).toContain(`fetch('${ready}')`);
    // The shared environment (the anchor) reaches each replica, with its own settings merged in.
    expect(s.environment).toMatchObject({ REDIS_URL: 'redis://redis:6379', STORAGE_DRIVER: 's3', SHUTDOWN_TIMEOUT_MS: '25000' });
    expect(s.environment!.DATABASE_URL).toMatch(/^postgres:\/\/bp_app:/);
    expect(s.environment!.DATABASE_POOL_SIZE).toMatch(/^\$\{[A-Z_]+_DATABASE_POOL_SIZE:-10\}$/);
    expect(seconds(s.stop_grace_period!) * 1000).toBeGreaterThan(Number(s.environment!.SHUTDOWN_TIMEOUT_MS));
    expect(s.depends_on).toMatchObject({ setup: { condition: 'service_completed_successfully' } });
  });

  it.each(['setup', 'api', 'workers'])('%s starts with the settings compose gives it when the deployment sets none', (name) => {
    // What compose hands the process with no variable set: `${X:-default}` is the default, `${X}` is blank.
    const given = Object.fromEntries(
      Object.entries(services[name]!.environment ?? {}).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_m, fallback: string | undefined) => fallback ?? '')]),
    );
    expect(() => loadConfig(given as NodeJS.ProcessEnv)).not.toThrow();
  });

  it('the workers answer their probe on WORKER_HEALTH_PORT; the API serves the site with INTERNAL_API_URL on itself and trusts the proxy', () => {
    expect(services.workers!.environment!.WORKER_HEALTH_PORT).toBe('3001');
    // The workers run with their V8 flags, the same list scripts/start.sh and the EDI bench use.
    expect(services.workers!.environment!.NODE_OPTIONS).toBe(WORKERS_NODE_FLAGS.join(' '));
    expect(services.api!.environment!.NODE_OPTIONS).toBeUndefined();
    expect(services.api!.environment).toMatchObject({ PORT: '3000', HOST: '0.0.0.0', INTERNAL_API_URL: 'http://127.0.0.1:3000/mbl/api' });
    expect(services.api!.environment!.TRUST_PROXY).toContain('172.16.0.0/12');
    expect(services.api!.expose).toEqual(['3000']);
  });

  it('the proxy (Caddy) alone publishes the port, waits for a healthy API and spreads requests over its replicas by their readiness', () => {
    const proxy = services.proxy!;
    expect(proxy.image).toMatch(/^caddy:/);
    expect(proxy.ports).toEqual(['3000:80']);
    expect(proxy.volumes).toContain('./ops/caddy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    const publishing = Object.entries(services).filter(([, s]) => (s.ports ?? []).some((p) => /(^|:)3000:/.test(p)));
    expect(publishing.map(([n]) => n)).toEqual(['proxy']);
    // Caddy's upstreams: every address Docker's DNS gives for the service "api", on the API's port.
    expect(caddyfile).toMatch(/dynamic a \{\s*name api\s*port 3000\s*refresh 5s\s*\}/);
    expect(caddyfile).toMatch(/health_uri \/mbl\/api\/health\/ready\n/);
    expect(caddyfile).toMatch(/unhealthy_status 503\n/);
    // Balanced braces: a Caddyfile that does not close its blocks does not load.
    const code = caddyfile.replace(/#.*$/gm, '');
    expect(code.split('{').length).toBe(code.split('}').length);
  });
});

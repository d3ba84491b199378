import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { ALL_QUEUES } from '../../core/queues/queue-names';

/** What pg's Pool tells about itself (TypeORM's postgres driver keeps it as `master`). */
interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized', 'waiting-children'] as const;

/** Who may read /metrics: the bearer of METRICS_TOKEN, or an address in METRICS_ALLOW_CIDR. Anyone else: 401 or 404. */
export function metricsGate(config: Pick<AppConfig, 'metricsToken' | 'metricsAllowCidr'>): (ip: string, authorization: string | undefined) => 200 | 401 | 404 {
  const allowed = new BlockList();
  for (const cidr of config.metricsAllowCidr) {
    const [net, bits] = cidr.split('/');
    const type = isIPv6(net ?? '') ? 'ipv6' : 'ipv4';
    allowed.addSubnet(net ?? '', Number(bits ?? (type === 'ipv6' ? 128 : 32)), type);
  }
  const token = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  return (ip, authorization) => {
    const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    if (config.metricsAllowCidr.length > 0 && (isIPv4(plain) || isIPv6(plain)) && allowed.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4')) return 200;
    if (token && authorization !== undefined) {
      const given = Buffer.from(authorization);
      if (given.length === token.length && timingSafeEqual(given, token)) return 200;
    }
    // With a token configured the caller is told to bring it; with none, /metrics does not exist for this caller.
    return token ? 401 : 404;
  };
}

/**
 * Prometheus metrics of this process (API or workers), prom-client's own registry: request latency per route
 * template (Fastify's route pattern, never the raw URL: no ids in labels) and status, queue depth per state,
 * PostgreSQL pool use, and the default process metrics (event-loop lag among them). Queue depth and pool use are
 * read when scraped.
 */
@Injectable()
export class Metrics implements OnModuleInit {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'bp_http_request_duration_seconds',
    help: 'API and site request latency by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** Filled by the workers' job runner (workers/src/job-workers.ts); zero in the API process. */
  readonly jobDuration = new Histogram({
    name: 'bp_job_duration_seconds',
    help: 'Job run time by queue, job name and outcome (completed, failed, delayed by a rate)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [this.registry],
  });
  readonly jobFailures = new Counter({ name: 'bp_job_failures_total', help: 'Failed job attempts by queue and job name', labelNames: ['queue', 'job'] as const, registers: [this.registry] });
  readonly emails = new Counter({
    name: 'bp_emails_total',
    help: 'Email send jobs (email.send, communications.send) by client and outcome (sent, failed)',
    labelNames: ['client', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly gate: ReturnType<typeof metricsGate>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.gate = metricsGate(config);
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    const queues = () => ALL_QUEUES.map((name) => this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }));
    new Gauge({
      name: 'bp_queue_jobs',
      help: 'Jobs per queue and state',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const counts = await Promise.all(queues().map(async (q) => [q.name, await q.getJobCounts(...JOB_STATES)] as const));
        for (const [queue, byState] of counts) for (const state of JOB_STATES) this.set({ queue, state }, byState[state] ?? 0);
      },
    });
    const pool = () => (this.dataSource.driver as unknown as { master?: PoolStats }).master;
    new Gauge({
      name: 'bp_db_pool_connections',
      help: 'PostgreSQL pool: connections open, idle, and callers waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'total' }, p.totalCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
      },
    });
  }

  /** The API process: GET /metrics on the Fastify instance itself (outside /mbl/api), and the latency of every request. */
  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!http || typeof http.addHook !== 'function') return;
    http.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/metrics') this.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
    http.get('/metrics', async (request, reply) => {
      const verdict = this.gate(request.ip, request.headers.authorization);
      if (verdict !== 200) {
        void reply.code(verdict).header('cache-control', 'no-store');
        if (verdict === 401) void reply.header('www-authenticate', 'Bearer');
        return { statusCode: verdict, message: verdict === 401 ? 'Unauthorized' : 'Not found' };
      }
      void reply.header('content-type', this.registry.contentType).header('cache-control', 'no-store');
      return this.registry.metrics();
    });
  }
}

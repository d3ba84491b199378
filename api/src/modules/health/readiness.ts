import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { REDIS } from '../../core/redis/redis.tokens';

export type Check = 'ok' | 'down';
export interface ReadinessReport {
  status: Check;
  database: Check;
  redis: Check;
  draining: boolean;
}

/** A dependency that does not answer within this long counts as down (ioredis queues commands while offline). */
const CHECK_TIMEOUT_MS = 1_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/**
 * Liveness and readiness of a process (API or workers). Ready = PostgreSQL and Redis answer now and the process is
 * not shutting down; a balancer stops sending work the moment SIGTERM arrives. On a signal it also arms the
 * deadline: whatever is still in hand after SHUTDOWN_TIMEOUT_MS is abandoned (a job's lock then expires and
 * another worker takes it up again) and the process exits.
 */
@Injectable()
export class Readiness implements BeforeApplicationShutdown {
  private readonly logger = new Logger(Readiness.name);
  private draining = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<ReadinessReport> {
    const [database, redis] = await Promise.all([
      within(this.dataSource.query('SELECT 1'), CHECK_TIMEOUT_MS).then((): Check => 'ok', (): Check => 'down'),
      within(this.redis.ping(), CHECK_TIMEOUT_MS).then((p): Check => (p === 'PONG' ? 'ok' : 'down'), (): Check => 'down'),
    ]);
    const status: Check = database === 'ok' && redis === 'ok' && !this.draining ? 'ok' : 'down';
    return { status, database, redis, draining: this.draining };
  }

  beforeApplicationShutdown(signal?: string): void {
    this.drain(signal);
  }

  /**
   * Readiness answers 503 from now on. Called by the process's own signal handler the moment SIGTERM arrives
   * (before Nest's hooks, which may take seconds), and again by Nest's hook; only the first call counts.
   */
  drain(signal?: string): void {
    if (this.draining) return;
    this.draining = true;
    // Only a real signal arms the deadline: app.close() in a test is not a process exit.
    if (!signal) return;
    this.logger.log({ signal, timeoutMs: this.config.shutdownTimeoutMs }, 'shutting down: finishing the work in hand');
    setTimeout(() => {
      this.logger.error({ timeoutMs: this.config.shutdownTimeoutMs }, 'shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, this.config.shutdownTimeoutMs).unref();
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DelayedError, Worker, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig, Metrics, RequestContext, JOB_NAMES, JOBS, JobDelay, type JobName, type JobRun, ON_JOB_KEY, redisConnection, type QueueName } from '@bp/api/server';
import { runInJobContext, tenantOf } from './job-context';

type Handler = (data: unknown, run: JobRun) => Promise<unknown>;

/** How many jobs of a queue one worker process runs at once. */
const CONCURRENCY: Partial<Record<QueueName, number>> = { email: 5, documents: 2, campaigns: 20 };

/** The jobs that each send one email: counted per client in bp_emails_total. */
const EMAIL_JOBS: ReadonlySet<string> = new Set<JobName>(['email.send', 'communications.send']);

/**
 * Finds every @OnJob handler on the providers at boot (Immich's pattern), refuses to start when a job of the
 * registry has none (or two), and runs one BullMQ worker per queue that dispatches by job name. It holds no
 * business rule: the handlers are module service methods.
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(JobWorkers.name);
  private readonly workers: Worker[] = [];
  private closing: Promise<void> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly context: RequestContext,
    private readonly metrics: Metrics,
  ) {}

  /** name -> bound handler, from the providers' metadata. Throws on a job without a handler or with two. */
  handlers(): Map<JobName, Handler> {
    const found = new Map<JobName, Handler>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isNotMetatype) continue;
      const proto = Object.getPrototypeOf(instance) as object | null;
      if (!proto) continue;
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const name = this.reflector.get<JobName | undefined>(ON_JOB_KEY, fn as () => unknown);
        if (!name) continue;
        if (found.has(name)) throw new Error(`job "${name}" has two handlers`);
        found.set(name, (fn as Handler).bind(instance));
      }
    }
    const missing = JOB_NAMES.filter((name) => !found.has(name));
    if (missing.length > 0) throw new Error(`no handler for job(s): ${missing.join(', ')}`);
    return found;
  }

  onApplicationBootstrap(): void {
    const handlers = this.handlers();
    const queues = [...new Set(JOB_NAMES.map((name) => JOBS[name].queue))];
    // A worker that dies mid-job loses its lock after this long; another then picks the job up again.
    const lockDuration = Number(process.env.WORKER_LOCK_MS ?? 30_000);
    for (const queue of queues) {
      const worker = new Worker(
        queue,
        async (job: Job, token?: string) => {
          const handler = handlers.get(job.name as JobName);
          if (!handler || JOBS[job.name as JobName].queue !== queue) throw new Error(`unknown job "${job.name}" on queue ${queue}`);
          const run = { id: job.id, attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 };
          // A job about a client runs in that client's context, taken from its payload ({clientId, requestedBy}).
          const tenant = tenantOf(job.data);
          const started = performance.now();
          const done = (outcome: 'completed' | 'failed' | 'delayed') => {
            this.metrics.jobDuration.observe({ queue, job: job.name, outcome }, (performance.now() - started) / 1000);
            if (outcome === 'failed') this.metrics.jobFailures.inc({ queue, job: job.name });
            if (outcome !== 'delayed' && EMAIL_JOBS.has(job.name)) this.metrics.emails.inc({ client: String(tenant?.clientId ?? 'none'), outcome: outcome === 'completed' ? 'sent' : 'failed' });
          };
          try {
            const result: unknown = await runInJobContext(this.context, job.data, () => handler(job.data, run));
            done('completed');
            return result;
          } catch (err) {
            // A handler asked to wait (a rate): back to delayed, no attempt spent.
            if (!(err instanceof JobDelay)) {
              done('failed');
              throw err;
            }
            done('delayed');
            await job.moveToDelayed(Date.now() + err.ms, token);
            throw new DelayedError();
          }
        },
        {
          connection: redisConnection(this.config.redisUrl),
          prefix: this.config.queuePrefix,
          concurrency: CONCURRENCY[queue] ?? 1,
          lockDuration,
          stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
        },
      );
      worker.on('failed', (job, err) => this.logger.warn({ queue, job: job?.name, jobId: job?.id, err: err.message }, 'job failed'));
      this.workers.push(worker);
    }
    this.logger.log({ queues, jobs: JOB_NAMES.length }, 'job workers started');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /**
   * Takes no new job, finishes the jobs in hand, then closes the connections. Once: the health server waits on the
   * same promise so that readiness answers 503 for as long as jobs are still finishing.
   */
  close(): Promise<void> {
    this.closing ??= Promise.all(this.workers.map((w) => w.close())).then(() => undefined);
    return this.closing;
  }
}

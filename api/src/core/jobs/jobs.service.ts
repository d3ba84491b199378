import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { RequestContext } from '../context/request-context';
import { afterCommit } from '../database/after-commit';
import { JOBS, type JobName, type JobPayloads } from './job-registry';

/** Base delay override for tests (EMAIL_BACKOFF_MS, kept for the email job's retries). */
function backoffFor(name: JobName): number {
  const override = name === 'email.send' ? Number(process.env.EMAIL_BACKOFF_MS) : NaN;
  return Number.isInteger(override) && override > 0 ? override : JOBS[name].backoffMs;
}

/** The one producer: every job goes through here, typed by the registry, with a fixed job id. */
@Injectable()
export class JobsService {
  private readonly logger = new Logger(JobsService.name);

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly context: RequestContext,
  ) {}

  private queueOf(name: JobName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(JOBS[name].queue), { strict: false });
  }

  /** Queues the job (after `delay` ms when given); an existing job with the same id makes this a no-op. Throws when Redis refuses. */
  async queue<N extends JobName>(name: N, data: JobPayloads[N], options: { jobId: string; delay?: number }): Promise<void> {
    const def = JOBS[name];
    await this.queueOf(name).add(name, data, {
      jobId: options.jobId,
      attempts: def.attempts,
      backoff: { type: 'exponential', delay: backoffFor(name) },
      ...(def.removeOnComplete ? { removeOnComplete: true } : {}),
      ...(options.delay ? { delay: options.delay } : {}),
    });
  }

  /** Queues many jobs of one name in one round trip (BullMQ addBulk); existing ids are no-ops, as with `queue`. */
  async queueBulk<N extends JobName>(name: N, jobs: ReadonlyArray<{ data: JobPayloads[N]; jobId: string }>): Promise<void> {
    if (jobs.length === 0) return;
    const def = JOBS[name];
    await this.queueOf(name).addBulk(
      jobs.map((j) => ({
        name,
        data: j.data,
        opts: { jobId: j.jobId, attempts: def.attempts, backoff: { type: 'exponential', delay: backoffFor(name) }, ...(def.removeOnComplete ? { removeOnComplete: true } : {}) },
      })),
    );
  }

  /**
   * For work recorded in the current transaction (the context's, or `manager`'s when given): queued once that
   * transaction commits (at once outside one), never if it rolls back, so a worker never looks for rows not
   * committed yet. As with tryQueue, a failure to queue is logged: the job's re-drive (its registry entry)
   * queues it later.
   */
  queueAfterCommit<N extends JobName>(name: N, data: JobPayloads[N], options: { jobId: string; delay?: number }, manager?: EntityManager): Promise<void> {
    const tx = manager ?? this.context.transaction;
    if (!tx) return this.tryQueue(name, data, options).then(() => undefined);
    return afterCommit(tx, async () => {
      await this.tryQueue(name, data, options);
    });
  }

  /**
   * For work already recorded in PostgreSQL: a failure to queue is logged, not thrown, because the re-drive
   * sweep finds the row and queues it again with the same id. The person's request still succeeds.
   */
  async tryQueue<N extends JobName>(name: N, data: JobPayloads[N], options: { jobId: string; delay?: number }): Promise<boolean> {
    try {
      await this.queue(name, data, options);
      return true;
    } catch (err) {
      this.logger.warn({ job: name, jobId: options.jobId, err: err instanceof Error ? err.message : String(err) }, 'could not queue; the re-drive sweep will');
      return false;
    }
  }
}

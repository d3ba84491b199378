import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueName } from '../../api/src/core/queues/queue-names';
import { CLOSE_EXPIRED_PERIODS } from './placeholder.processors';

/**
 * Repeatable work, registered by the workers only (never the API). upsertJobScheduler is idempotent by id,
 * so every replica and every restart may run this: Redis keeps one scheduler per id, one job per tick.
 */
@Injectable()
export class WorkerScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(WorkerScheduler.name);

  constructor(@InjectQueue(QueueName.OpenEnrollment) private readonly openEnrollment: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.openEnrollment.upsertJobScheduler(
      'open-enrollment-close',
      { pattern: '5 0 * * *', tz: 'UTC' },
      { name: CLOSE_EXPIRED_PERIODS, data: {}, opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 } } },
    );
    this.logger.log('scheduler open-enrollment-close registered (daily 00:05 UTC)');
  }
}

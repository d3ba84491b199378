import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { QueueName } from '../../api/src/core/queues/queue-names';

export const CLOSE_EXPIRED_PERIODS = 'close-expired-periods';

/** Jobs nobody implements yet fail at once instead of retrying: a retry cannot make them known. */
function unknownJob(logger: Logger, job: Job): never {
  logger.warn({ queue: job.queueName, jobName: job.name, jobId: job.id }, 'unknown job');
  throw new UnrecoverableError(`unknown job "${job.name}" on queue ${job.queueName}`);
}

// Report generation arrives with the reports issue.
@Processor(QueueName.Reports)
export class ReportsProcessor extends WorkerHost {
  private readonly logger = new Logger(ReportsProcessor.name);

  async process(job: Job): Promise<void> {
    unknownJob(this.logger, job);
  }
}

@Processor(QueueName.OpenEnrollment)
export class OpenEnrollmentProcessor extends WorkerHost {
  private readonly logger = new Logger(OpenEnrollmentProcessor.name);

  async process(job: Job): Promise<void> {
    if (job.name === CLOSE_EXPIRED_PERIODS) {
      // Closing periods past their end date arrives with the open-enrollment issue.
      this.logger.log({ jobId: job.id }, 'close-expired-periods: nothing to do yet');
      return;
    }
    unknownJob(this.logger, job);
  }
}

import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { QueueName } from '../../api/src/core/queues/queue-names';
import { EnrollmentSummaryService } from '../../api/src/modules/forms/enrollment-summary.service';
import { ENROLLMENT_SUMMARY_JOB, type EnrollmentSummaryJobData } from '../../api/src/modules/forms/signature.service';

/** Signed documents. Unpacks the job; EnrollmentSummaryService renders and stores (idempotently). */
@Processor(QueueName.Documents)
export class DocumentsProcessor extends WorkerHost {
  private readonly logger = new Logger(DocumentsProcessor.name);

  constructor(private readonly summaries: EnrollmentSummaryService) {
    super();
  }

  async process(job: Job<EnrollmentSummaryJobData>): Promise<{ fileId: number }> {
    if (job.name === ENROLLMENT_SUMMARY_JOB && Number.isSafeInteger(job.data.signatureId)) {
      return { fileId: await this.summaries.generate(job.data.signatureId) };
    }
    // Stamping HR signatures on action documents arrives with the actions issue.
    this.logger.warn({ queue: job.queueName, jobName: job.name, jobId: job.id }, 'unknown job');
    throw new UnrecoverableError(`unknown job "${job.name}" on queue ${job.queueName}`);
  }
}

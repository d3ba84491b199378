import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { EmailSender, type SendOutcome } from '../../api/src/core/mail/email-sender';
import type { EmailJobData } from '../../api/src/core/mail/mail.service';
import { QueueName } from '../../api/src/core/queues/queue-names';

/** Unpacks the job; EmailSender owns rendering, SMTP, idempotency and the retry classification. */
@Processor(QueueName.Email, { concurrency: 5 })
export class EmailProcessor extends WorkerHost {
  constructor(private readonly sender: EmailSender) {
    super();
  }

  async process(job: Job<EmailJobData>): Promise<SendOutcome> {
    return this.sender.send(job.data.messageId, { finalAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JobPayloads } from '../../core/jobs/job-registry';
import { OnJob } from '../../core/jobs/on-job.decorator';

@Injectable()
export class OpenEnrollmentService {
  private readonly logger = new Logger(OpenEnrollmentService.name);

  constructor(private readonly dataSource: DataSource) {}

  /**
   * The daily close: periods whose end date has passed get their closed date (the day after the end), once.
   * Idempotent, so a re-run of the same tick changes nothing.
   */
  @OnJob('open-enrollment.close-expired-periods')
  async closeExpiredPeriods(data: JobPayloads['open-enrollment.close-expired-periods']): Promise<{ closed: number }> {
    const [, closed] = (await this.dataSource.query(
      `UPDATE open_enrollment_period SET closed_date = end_date + 1 WHERE closed_date IS NULL AND end_date < current_date`,
    )) as [unknown, number];
    this.logger.log({ tick: data.tick, closed }, 'expired open-enrollment periods closed');
    return { closed };
  }
}

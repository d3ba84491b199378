import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { JOBS, type JobName, type JobPayloads } from '../../api/src/core/jobs/job-registry';
import { JobsService } from '../../api/src/core/jobs/jobs.service';
import type { SuiteWithWorkers } from './mail';
import { RUN_ID } from './test-env';
import { until } from './wait';

/**
 * Runs jobs in a suite's workers as a tick or the API would queue them, and answers each one's result: the
 * job is queued under an id of this run (`prefix`, then a counter), so reruns and parallel suites never meet,
 * and a job that fails fails the test with the workers' reason.
 */
export function jobRunner(suite: SuiteWithWorkers, prefix: string): <T, N extends JobName = JobName>(name: N, data: JobPayloads[N]) => Promise<T> {
  let runs = 0;
  return async <T, N extends JobName = JobName>(name: N, data: JobPayloads[N]): Promise<T> => {
    runs += 1;
    const id = `${prefix}-${RUN_ID}-${runs}`;
    await suite.mail.workers.get(JobsService).queue(name, data, { jobId: id });
    const queue = suite.mail.workers.get<Queue>(getQueueToken(JOBS[name].queue));
    const done = await until(async () => {
      const job = await queue.getJob(id);
      if (!job) return null;
      const state = await job.getState();
      if (state === 'failed') throw new Error(`${name} failed: ${job.failedReason}`);
      return state === 'completed' ? { value: job.returnvalue as T } : null;
    }, `${name} to complete`);
    return done.value;
  };
}

/**
 * What the workers use of the API, and only through the package's exports (`@bp/api/server`): the feature
 * modules whose services carry the job handlers, the core module, the job registry and the request context.
 * Anything else of api/src stays private to the API.
 */
export { FEATURE_MODULES } from '../app.module';
export { APP_CONFIG, type AppConfig } from '../core/config/app-config';
export { RequestContext } from '../core/context/request-context';
export { CoreModule } from '../core/core.module';
export { JOB_NAMES, JOBS, JobDelay, JobIds, type JobName, type JobPayloads, type JobRun } from '../core/jobs/job-registry';
export { JobsService } from '../core/jobs/jobs.service';
export { ON_JOB_KEY } from '../core/jobs/on-job.decorator';
// The re-drive sweep the workers run; their test checks it covers every job the registry says it does.
export { RedriveService } from '../modules/maintenance/redrive.service';
export { QueueName } from '../core/queues/queue-names';
export { redisConnection } from '../core/queues/queues.module';
// Liveness/readiness and the shutdown deadline, served by the workers' own small HTTP server.
export { Readiness } from '../modules/health/readiness';
export { Metrics } from '../modules/health/metrics';

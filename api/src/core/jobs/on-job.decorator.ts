import { SetMetadata } from '@nestjs/common';
import type { JobName } from './job-registry';

export const ON_JOB_KEY = 'bp:on-job';

/** Marks the service method that handles a job of the registry (Immich's pattern); the workers find it at boot. */
export const OnJob = (name: JobName): MethodDecorator => SetMetadata(ON_JOB_KEY, name);

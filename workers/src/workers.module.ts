import { Module } from '@nestjs/common';
import { FEATURE_MODULES } from '../../api/src/app.module';
import { CoreModule } from '../../api/src/core/core.module';
import { EmailProcessor } from './email.processor';
import { DocumentsProcessor } from './documents.processor';
import { OpenEnrollmentProcessor, ReportsProcessor } from './placeholder.processors';
import { WorkerScheduler } from './scheduler';

/** The workers share the API's core and feature modules (entities, services); only processors are theirs. */
@Module({
  imports: [CoreModule, ...FEATURE_MODULES],
  providers: [EmailProcessor, ReportsProcessor, DocumentsProcessor, OpenEnrollmentProcessor, WorkerScheduler],
})
export class WorkersModule {}

import { Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import { AuthCoreModule } from './auth/auth-core.module';
import { ClockModule } from './clock/clock.module';
import { AppConfigModule } from './config/config.module';
import { ContextModule } from './context/context.module';
import { CryptoModule } from './crypto/crypto.module';
import { DatabaseModule } from './database/database.module';
import { JobsModule } from './jobs/jobs.module';
import { LoggingModule } from './logging/logging.module';
import { MailModule } from './mail/mail.module';
import { QueuesModule } from './queues/queues.module';
import { RedisModule } from './redis/redis.module';

/** Cross-cutting services shared by the API and the workers. */
@Module({
  imports: [ClockModule, ContextModule, AppConfigModule, LoggingModule, CryptoModule, DatabaseModule, RedisModule, QueuesModule, JobsModule, AuditModule, AuthCoreModule, MailModule],
  exports: [ClockModule, ContextModule, AppConfigModule, LoggingModule, CryptoModule, DatabaseModule, RedisModule, QueuesModule, JobsModule, AuditModule, AuthCoreModule, MailModule],
})
export class CoreModule {}

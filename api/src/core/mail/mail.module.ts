import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DevMailbox } from './dev-mailbox';
import { EmailRenderer } from './email-renderer';
import { EmailSender } from './email-sender';
import { MailService } from './mail.service';

/** Enqueueing (API and workers), sending (workers) and the development SMTP sink. */
@Global()
@Module({
  providers: [
    { provide: EmailRenderer, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new EmailRenderer(config) },
    MailService,
    EmailSender,
    DevMailbox,
  ],
  exports: [MailService, EmailSender, DevMailbox, EmailRenderer],
})
export class MailModule {}

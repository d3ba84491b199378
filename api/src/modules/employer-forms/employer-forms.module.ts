import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { EmployerFormsPagesController } from './employer-forms-pages.controller';
import { EmployerFormsController } from './employer-forms.controller';
import { EmployerFormsService } from './employer-forms.service';
import { FormsAuthMiddleware } from './forms-auth.middleware';
import { FormsSessions } from './forms-session';

@Module({
  imports: [FilesModule],
  controllers: [EmployerFormsController, EmployerFormsPagesController],
  providers: [EmployerFormsService, FormsSessions, FormsAuthMiddleware],
})
export class EmployerFormsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every page but the entry (which signs in with the ticket) and the ticket call (Bearer only).
    consumer
      .apply(FormsAuthMiddleware)
      .exclude({ path: 'employer-forms', method: RequestMethod.GET }, { path: 'employer-forms/ticket', method: RequestMethod.POST })
      .forRoutes(EmployerFormsPagesController);
  }
}

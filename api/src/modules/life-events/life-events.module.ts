import { Module } from '@nestjs/common';
import { EmployeesModule } from '../employees/employees.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FilesModule } from '../files/files.module';
import { FormsModule } from '../forms/forms.module';
import { PlansModule } from '../plans/plans.module';
import { LifeEventDecisionsController, LifeEventsController } from './life-events.controller';
import { LifeEventDecisionsService } from './life-event-decisions.service';
import { LifeEventRecords } from './life-event-records';
import { LifeEventSigningService } from './life-event-signing.service';
import { LifeEventWizardService } from './life-event-wizard.service';

@Module({ imports: [EmployeesModule, FilesModule, EnrollmentsModule, FormsModule, PlansModule], controllers: [LifeEventsController, LifeEventDecisionsController], providers: [LifeEventRecords, LifeEventWizardService, LifeEventSigningService, LifeEventDecisionsService] })
export class LifeEventsModule {}

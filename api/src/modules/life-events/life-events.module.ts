import { Module } from '@nestjs/common';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FilesModule } from '../files/files.module';
import { FormsModule } from '../forms/forms.module';
import { LifeEventDecisionsController, LifeEventsController } from './life-events.controller';
import { LifeEventsService } from './life-events.service';

@Module({ imports: [FilesModule, EnrollmentsModule, FormsModule], controllers: [LifeEventsController, LifeEventDecisionsController], providers: [LifeEventsService], exports: [LifeEventsService] })
export class LifeEventsModule {}

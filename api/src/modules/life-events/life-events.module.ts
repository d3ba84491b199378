import { Module } from '@nestjs/common';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FilesModule } from '../files/files.module';
import { LifeEventsController } from './life-events.controller';
import { LifeEventsService } from './life-events.service';

@Module({ imports: [FilesModule, EnrollmentsModule], controllers: [LifeEventsController], providers: [LifeEventsService], exports: [LifeEventsService] })
export class LifeEventsModule {}

import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';

@Module({ imports: [FilesModule], controllers: [ReportsController], providers: [ReportsService] })
export class ReportsModule {}

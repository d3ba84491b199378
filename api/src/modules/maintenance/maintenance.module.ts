import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module';
import { RedriveService } from './redrive.service';

@Module({ imports: [FormsModule], providers: [RedriveService], exports: [RedriveService] })
export class MaintenanceModule {}

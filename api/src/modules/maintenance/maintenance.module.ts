import { Module } from '@nestjs/common';
import { ActionsModule } from '../actions/actions.module';
import { FormsModule } from '../forms/forms.module';
import { RedriveService } from './redrive.service';

@Module({ imports: [FormsModule, ActionsModule], providers: [RedriveService], exports: [RedriveService] })
export class MaintenanceModule {}

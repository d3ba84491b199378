import { Module } from '@nestjs/common';
import { ActionsModule } from '../actions/actions.module';
import { CommunicationsModule } from '../communications/communications.module';
import { FormsModule } from '../forms/forms.module';
import { RedriveService } from './redrive.service';

@Module({ imports: [FormsModule, ActionsModule, CommunicationsModule], providers: [RedriveService], exports: [RedriveService] })
export class MaintenanceModule {}

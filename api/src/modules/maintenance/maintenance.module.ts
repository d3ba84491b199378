import { Module } from '@nestjs/common';
import { ActionsModule } from '../actions/actions.module';
import { CarrierFeedsModule } from '../carrier-feeds/carrier-feeds.module';
import { CommunicationsModule } from '../communications/communications.module';
import { FormsModule } from '../forms/forms.module';
import { ImportsModule } from '../imports/imports.module';
import { ReportsModule } from '../reports/reports.module';
import { TransactionsModule } from '../transactions/transactions.module';
import { RedriveService } from './redrive.service';

@Module({ imports: [FormsModule, ActionsModule, CommunicationsModule, ReportsModule, TransactionsModule, CarrierFeedsModule, ImportsModule], providers: [RedriveService], exports: [RedriveService] })
export class MaintenanceModule {}

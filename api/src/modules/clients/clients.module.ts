import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CommunicationsModule } from '../communications/communications.module';
import { FilesModule } from '../files/files.module';
import { OpenEnrollmentModule } from '../open-enrollment/open-enrollment.module';
import { ClientLogosController, ClientsController } from './clients.controller';
import { ClientFirstPeriodService } from './client-first-period.service';
import { ClientHrService } from './client-hr.service';
import { ClientLogosService } from './client-logos.service';
import { ClientsService } from './clients.service';

/** Agents set up their agency's clients (the client table's writer, with tenancy's SqlTable). */
@Module({
  imports: [AccountsModule, CommunicationsModule, FilesModule, OpenEnrollmentModule],
  controllers: [ClientsController, ClientLogosController],
  providers: [ClientsService, ClientLogosService, ClientHrService, ClientFirstPeriodService],
})
export class ClientsModule {}

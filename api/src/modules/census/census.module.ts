import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ActionsModule } from '../actions/actions.module';
import { EmployeesModule } from '../employees/employees.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FilesModule } from '../files/files.module';
import { RegistrationModule } from '../registration/registration.module';
import { CensusController } from './census.controller';
import { CensusAddService } from './census-add.service';
import { CensusEditService } from './census-edit.service';
import { CensusRecordsService } from './census-records.service';
import { CensusTerminationService } from './census-termination.service';

@Module({
  imports: [AccountsModule, ActionsModule, EmployeesModule, EnrollmentsModule, FilesModule, RegistrationModule],
  controllers: [CensusController],
  providers: [CensusRecordsService, CensusAddService, CensusEditService, CensusTerminationService],
  // The imports module's census commit adds employees as Add New Employee does, against the same choices.
  exports: [CensusRecordsService, CensusAddService],
})
export class CensusModule {}

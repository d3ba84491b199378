import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ActionsModule } from '../actions/actions.module';
import { EmployeesModule } from '../employees/employees.module';
import { EnrollmentsModule } from '../enrollments/enrollments.module';
import { FilesModule } from '../files/files.module';
import { RegistrationModule } from '../registration/registration.module';
import { CensusController } from './census.controller';
import { CensusService } from './census.service';

@Module({
  imports: [AccountsModule, ActionsModule, EmployeesModule, EnrollmentsModule, FilesModule, RegistrationModule],
  controllers: [CensusController],
  providers: [CensusService],
  exports: [CensusService],
})
export class CensusModule {}

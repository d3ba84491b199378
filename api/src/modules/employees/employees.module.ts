import { Module } from '@nestjs/common';
import { DependentsModule } from '../dependents/dependents.module';
import { EmployeesController } from './employees.controller';
import { EmployeeProfileService } from './employee-profile.service';
import { EmployeeRecords } from './employee-records.service';
import { EmployeesService } from './employees.service';

@Module({
  imports: [DependentsModule],
  controllers: [EmployeesController],
  providers: [EmployeesService, EmployeeProfileService, EmployeeRecords],
  exports: [EmployeesService, EmployeeProfileService, EmployeeRecords],
})
export class EmployeesModule {}

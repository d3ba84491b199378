import { Module } from '@nestjs/common';
import { DependentsModule } from '../dependents/dependents.module';
import { EmployeesController } from './employees.controller';
import { EmployeeProfileService } from './employee-profile.service';
import { EmployeesService } from './employees.service';

@Module({
  imports: [DependentsModule],
  controllers: [EmployeesController],
  providers: [EmployeesService, EmployeeProfileService],
  exports: [EmployeesService, EmployeeProfileService],
})
export class EmployeesModule {}

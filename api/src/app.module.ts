import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ZodValidationPipe } from 'nestjs-zod';
import { CoreModule } from './core/core.module';
import { AllExceptionsFilter } from './core/http/all-exceptions.filter';
import { AccountsModule } from './modules/accounts/accounts.module';
import { ActionsModule } from './modules/actions/actions.module';
import { AgencyModule } from './modules/agency/agency.module';
import { AuthModule } from './modules/auth/auth.module';
import { CensusModule } from './modules/census/census.module';
import { ClientsModule } from './modules/clients/clients.module';
import { ConsentModule } from './modules/consent/consent.module';
import { BeneficiariesModule } from './modules/beneficiaries/beneficiaries.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { DependentsModule } from './modules/dependents/dependents.module';
import { EmployeesModule } from './modules/employees/employees.module';
import { EnrollmentsModule } from './modules/enrollments/enrollments.module';
import { FilesModule } from './modules/files/files.module';
import { FormsModule } from './modules/forms/forms.module';
import { MaintenanceModule } from './modules/maintenance/maintenance.module';
import { OpenEnrollmentModule } from './modules/open-enrollment/open-enrollment.module';
import { AuditLogsModule } from './modules/audit-logs/audit-logs.module';
import { OnboardingModule } from './modules/onboarding/onboarding.module';
import { ProgressModule } from './modules/progress/progress.module';
import { HealthModule } from './modules/health/health.module';
import { ImpersonationModule } from './modules/impersonation/impersonation.module';
import { OptionsModule } from './modules/options/options.module';
import { PasswordModule } from './modules/password/password.module';
import { PlansModule } from './modules/plans/plans.module';
import { TransactionsModule } from './modules/transactions/transactions.module';
import { CarrierFeedsModule } from './modules/carrier-feeds/carrier-feeds.module';
import { ImportsModule } from './modules/imports/imports.module';
import { StatusDashboardModule } from './modules/status-dashboard/status-dashboard.module';
import { LifeEventsModule } from './modules/life-events/life-events.module';
import { EmployerFormsModule } from './modules/employer-forms/employer-forms.module';
import { CommunicationsModule } from './modules/communications/communications.module';
import { ReportsModule } from './modules/reports/reports.module';
import { RegistrationModule } from './modules/registration/registration.module';
import { SecuredDataModule } from './modules/secured-data/secured-data.module';
import { ZipLookupModule } from './modules/zip-lookup/zip-lookup.module';
import { QueueDashboardModule } from './modules/queue-dashboard/queue-dashboard.module';

/** The feature modules; the workers import the same ones (without the HTTP parts mattering). */
export const FEATURE_MODULES = [
  AgencyModule,
  AccountsModule,
  AuthModule,
  OptionsModule,
  HealthModule,
  SecuredDataModule,
  RegistrationModule,
  PasswordModule,
  ConsentModule,
  EmployeesModule,
  CensusModule,
  DependentsModule,
  ZipLookupModule,
  ImpersonationModule,
  FilesModule,
  ActionsModule,
  PlansModule,
  EnrollmentsModule,
  ImportsModule,
  BeneficiariesModule,
  DashboardModule,
  FormsModule,
  ProgressModule,
  OnboardingModule,
  AuditLogsModule,
  OpenEnrollmentModule,
  TransactionsModule,
  CarrierFeedsModule,
  StatusDashboardModule,
  ReportsModule,
  CommunicationsModule,
  EmployerFormsModule,
  LifeEventsModule,
  MaintenanceModule,
  ClientsModule,
];

@Module({
  // The queue dashboard serves the API only (bull-board on its Fastify instance): not a module of the workers.
  imports: [CoreModule, ...FEATURE_MODULES, QueueDashboardModule],
  providers: [
    { provide: APP_PIPE, useClass: ZodValidationPipe },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class AppModule {}

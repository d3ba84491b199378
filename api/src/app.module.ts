import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ZodValidationPipe } from 'nestjs-zod';
import { CoreModule } from './core/core.module';
import { AllExceptionsFilter } from './core/http/all-exceptions.filter';
import { AccountsModule } from './modules/accounts/accounts.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { OptionsModule } from './modules/options/options.module';

/** The feature modules; the workers import the same ones (without the HTTP parts mattering). */
export const FEATURE_MODULES = [AccountsModule, AuthModule, OptionsModule, HealthModule];

@Module({
  imports: [CoreModule, ...FEATURE_MODULES],
  providers: [
    { provide: APP_PIPE, useClass: ZodValidationPipe },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class AppModule {}

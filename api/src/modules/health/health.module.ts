import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { Metrics } from './metrics';
import { Readiness } from './readiness';

@Module({ controllers: [HealthController], providers: [Readiness, Metrics], exports: [Readiness, Metrics] })
export class HealthModule {}

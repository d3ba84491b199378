import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { HealthServer } from './health-server';
import { JobWorkers } from './job-workers';
import { Ticks } from './ticks';
import { FEATURE_MODULES, CoreModule } from '@bp/api/server';

const cron = process.env.WORKER_CRON !== 'off';

/** The workers share the API's core and feature modules (the job handlers live there); they add the runners. */
@Module({
  imports: [CoreModule, DiscoveryModule, ...FEATURE_MODULES, ...(cron ? [ScheduleModule.forRoot()] : [])],
  providers: [JobWorkers, HealthServer, ...(cron ? [Ticks] : [])],
})
export class WorkersModule {}

import { Module } from '@nestjs/common';
import { PlansController } from './plans.controller';
import { PlansHrController } from './plans-hr.controller';
import { PlansService } from './plans.service';

@Module({ controllers: [PlansController, PlansHrController], providers: [PlansService], exports: [PlansService] })
export class PlansModule {}

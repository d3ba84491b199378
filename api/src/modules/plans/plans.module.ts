import { Module } from '@nestjs/common';
import { PlansController } from './plans.controller';
import { PlansHrController } from './plans-hr.controller';
import { PlansService } from './plans.service';
import { PlanRenewalService } from './plan-renewal.service';
import { PlanCatalogController } from './plan-catalog.controller';
import { PlanCatalogService } from './plan-catalog.service';

@Module({
  controllers: [PlansController, PlansHrController, PlanCatalogController],
  providers: [PlansService, PlanRenewalService, PlanCatalogService],
  exports: [PlansService, PlanRenewalService, PlanCatalogService],
})
export class PlansModule {}

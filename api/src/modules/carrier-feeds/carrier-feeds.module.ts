import { Module } from '@nestjs/common';
import { CarrierFeedsController } from './carrier-feeds.controller';
import { CarrierFeedsService } from './carrier-feeds.service';

/** Carriers and their EDI 834 files: owns carrier, carrier_control_number and carrier_file. */
@Module({ controllers: [CarrierFeedsController], providers: [CarrierFeedsService], exports: [CarrierFeedsService] })
export class CarrierFeedsModule {}

import { Module } from '@nestjs/common';
import { CarrierFeedsController } from './carrier-feeds.controller';
import { CarrierFileWriterService } from './carrier-file-writer.service';
import { CarrierFilesService } from './carrier-files.service';
import { CarriersService } from './carriers.service';

/**
 * Carriers and their EDI 834 files: owns carrier, carrier_control_number, carrier_file and carrier_file_request.
 * The carriers (CRUD), the writing of a file, and the files asked for, written weekly and downloaded.
 */
@Module({
  controllers: [CarrierFeedsController],
  providers: [CarriersService, CarrierFileWriterService, CarrierFilesService],
  exports: [CarriersService, CarrierFileWriterService, CarrierFilesService],
})
export class CarrierFeedsModule {}

import { Module } from '@nestjs/common';
import { CensusModule } from '../census/census.module';
import { FilesModule } from '../files/files.module';
import { PlansModule } from '../plans/plans.module';
import { CensusImportsController, RateSheetsController } from './imports.controller';
import { ImportsService } from './imports.service';

/** Rate sheet and census imports: they own import_batch and write plans and employees through their owners. */
@Module({
  imports: [CensusModule, FilesModule, PlansModule],
  controllers: [RateSheetsController, CensusImportsController],
  providers: [ImportsService],
  exports: [ImportsService],
})
export class ImportsModule {}

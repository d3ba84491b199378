import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { ActionSigningService } from './action-signing.service';
import { ActionsController } from './actions.controller';
import { ActionsService } from './actions.service';

@Module({
  imports: [FilesModule],
  controllers: [ActionsController],
  providers: [ActionsService, ActionSigningService],
  exports: [ActionsService, ActionSigningService],
})
export class ActionsModule {}

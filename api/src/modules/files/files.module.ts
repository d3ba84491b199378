import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { FILE_STORAGE, storageFor } from './file-storage';
import { EmployeeFilesController } from './employee-files.controller';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';
import { StreamingUploadInterceptor } from './streaming-upload.interceptor';

@Module({
  controllers: [FilesController, EmployeeFilesController],
  providers: [FilesService, { provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => storageFor(config) }, StreamingUploadInterceptor],
  exports: [FilesService, FILE_STORAGE, StreamingUploadInterceptor],
})
export class FilesModule {}

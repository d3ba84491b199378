import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { FILE_STORAGE, LocalDiskStorage } from './file-storage';
import { EmployeeFilesController } from './employee-files.controller';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';

@Module({
  controllers: [FilesController, EmployeeFilesController],
  providers: [FilesService, { provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.fileStorageDir) }],
  exports: [FilesService, FILE_STORAGE],
})
export class FilesModule {}

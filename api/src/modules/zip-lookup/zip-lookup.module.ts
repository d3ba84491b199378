import { Module } from '@nestjs/common';
import { ZipLookupController } from './zip-lookup.controller';
import { ZipLookupService } from './zip-lookup.service';

@Module({ controllers: [ZipLookupController], providers: [ZipLookupService] })
export class ZipLookupModule {}

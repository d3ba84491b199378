import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Agency } from '../tenancy/agency.entity';
import { Client } from '../tenancy/client.entity';
import { AgencyController } from './agency.controller';
import { AgencyService } from './agency.service';

@Module({
  imports: [TypeOrmModule.forFeature([Agency, Client])],
  controllers: [AgencyController],
  providers: [AgencyService],
})
export class AgencyModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BeneficiaryEntity } from './beneficiary.entity';
import { BeneficiariesController } from './beneficiaries.controller';
import { BeneficiariesService } from './beneficiaries.service';

@Module({ imports: [TypeOrmModule.forFeature([BeneficiaryEntity])], controllers: [BeneficiariesController], providers: [BeneficiariesService], exports: [BeneficiariesService] })
export class BeneficiariesModule {}

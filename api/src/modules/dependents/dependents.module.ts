import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DependentEntity } from './dependent.entity';
import { DependentsController } from './dependents.controller';
import { DependentsService } from './dependents.service';

@Module({ imports: [TypeOrmModule.forFeature([DependentEntity])], controllers: [DependentsController], providers: [DependentsService], exports: [DependentsService] })
export class DependentsModule {}

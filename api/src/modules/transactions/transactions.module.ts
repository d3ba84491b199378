import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { PayrollController } from './payroll.controller';
import { PayrollService } from './payroll.service';
import { TransactionsController } from './transactions.controller';
import { TransactionsService } from './transactions.service';

@Module({ imports: [FilesModule], controllers: [PayrollController, TransactionsController], providers: [TransactionsService, PayrollService], exports: [PayrollService] })
export class TransactionsModule {}

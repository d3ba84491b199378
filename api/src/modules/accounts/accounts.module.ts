import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Employee } from '../employees/employee.entity';
import { Client } from '../tenancy/client.entity';
import { Account } from './account.entity';
import { AccountToken } from './account-token.entity';
import { AccountTokensService } from './account-tokens.service';
import { AccountsService } from './accounts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Account, AccountToken, Employee, Client])],
  providers: [AccountsService, AccountTokensService],
  exports: [AccountsService, AccountTokensService, TypeOrmModule],
})
export class AccountsModule {}

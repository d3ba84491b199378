import { Module } from '@nestjs/common';
import { AccountTokensService } from './account-tokens.service';
import { AccountsService } from './accounts.service';

@Module({
  providers: [AccountsService, AccountTokensService],
  exports: [AccountsService, AccountTokensService],
})
export class AccountsModule {}

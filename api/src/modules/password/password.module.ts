import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { OptionsModule } from '../options/options.module';
import { PasswordController } from './password.controller';
import { PasswordService } from './password.service';

@Module({
  imports: [AccountsModule, OptionsModule],
  controllers: [PasswordController],
  providers: [PasswordService],
})
export class PasswordModule {}

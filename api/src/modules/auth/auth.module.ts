import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ProgressModule } from '../progress/progress.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalStrategy } from './local.strategy';

@Module({
  imports: [AccountsModule, ProgressModule],
  controllers: [AuthController],
  providers: [AuthService, LocalStrategy],
  exports: [AuthService],
})
export class AuthModule {}

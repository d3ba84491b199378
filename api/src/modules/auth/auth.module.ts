import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ClientSecurityModule } from '../clients/client-security.service';
import { ProgressModule } from '../progress/progress.module';
import { MfaController } from '../mfa/mfa.controller';
import { MfaService } from '../mfa/mfa.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalStrategy } from './local.strategy';

@Module({
  imports: [AccountsModule, ClientSecurityModule, ProgressModule],
  // MFA is the sign-in's second step: it opens sessions the way POST /login does.
  controllers: [AuthController, MfaController],
  providers: [AuthService, LocalStrategy, MfaService],
  exports: [AuthService],
})
export class AuthModule {}

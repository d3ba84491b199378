import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessGuard } from './access.guard';
import { PageSessions } from './page-sessions';
import { PasswordAttempts } from './password-attempts';
import { SessionStore } from './session-store';
import { TokenService } from './token.service';

@Global()
@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [SessionStore, PageSessions, TokenService, PasswordAttempts, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [SessionStore, PageSessions, TokenService, PasswordAttempts, JwtModule],
})
export class AuthCoreModule {}

import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { TokenPayload } from './auth-user';
import { SessionStore } from './session-store';

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Opens a server-side session and signs a token bound to it. `openedBy` is the session that opened this one
   * (an administrator's, for impersonation): ending it ends this one too.
   */
  async issue(payload: Omit<TokenPayload, 'sid' | 'exp' | 'iat'>, ttlSeconds = this.config.jwtTtlSeconds, openedBy: string | null = null): Promise<string> {
    const sid = await this.sessions.open(ttlSeconds, payload.imp ?? payload.sub, openedBy);
    return this.jwt.signAsync({ ...payload, sid }, { expiresIn: ttlSeconds });
  }
}

import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import { Messages } from '../../contracts/messages';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { RateLimiter } from '../../core/redis/rate-limiter';
import type { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';

/**
 * Username-or-email + password. Failures are counted per account and per IP in Redis; past the limit
 * the answer is 429 before any password is checked. Unknown user and wrong password answer the same 401.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly accounts: AccountsService,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, username: string, password: string): Promise<Account> {
    const who = `login:acct:${username.trim().toLowerCase()}`;
    const ip = `login:ip:${req.ip ?? 'unknown'}`;
    const [byAccount, byIp] = await Promise.all([this.limiter.count(who), this.limiter.count(ip)]);
    if (byAccount >= this.config.loginMaxFailures || byIp >= this.config.loginIpMaxFailures) {
      throw new HttpException({ statusCode: 429, message: Messages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const account = await this.accounts.verifyLogin(username, password);
    if (!account) {
      const window = this.config.loginWindowSeconds;
      await Promise.all([this.limiter.hit(who, window), this.limiter.hit(ip, window)]);
      throw new UnauthorizedException({ statusCode: 401, message: Messages.invalidCredentials });
    }
    await this.limiter.reset(who);
    return account;
  }
}

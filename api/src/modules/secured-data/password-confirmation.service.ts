import { BadRequestException, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Messages } from '../../contracts/messages';
import type { AuthUser } from '../../core/auth/auth-user';
import { verifySecret } from '../../core/auth/passwords';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { RateLimiter } from '../../core/redis/rate-limiter';

/**
 * Re-checks the password of the person behind a token (session modal, secured-data unlock, old password
 * on change). Wrong passwords are counted per person in Redis with the login limits, so a stolen session
 * cannot be used to guess the password at speed.
 */
@Injectable()
export class PasswordConfirmation {
  constructor(
    private readonly dataSource: DataSource,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The real person: the administrator while impersonating, otherwise the signed-in account. */
  static personOf(user: AuthUser): number | null {
    return user.impersonatorId ?? user.accountId;
  }

  /** True when right; 429 once too many wrong passwords were given in the window. */
  async check(user: AuthUser, password: string): Promise<boolean> {
    const person = PasswordConfirmation.personOf(user);
    if (person === null) return false;
    const key = `pwconfirm:acct:${person}`;
    if ((await this.limiter.count(key)) >= this.config.loginMaxFailures) {
      throw new HttpException({ statusCode: 429, message: Messages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
    }
    const rows: Array<{ password_hash: string | null }> = await this.dataSource.query('SELECT password_hash FROM account WHERE id = $1', [person]);
    const ok = await verifySecret(rows[0]?.password_hash, password);
    if (ok) await this.limiter.reset(key);
    else await this.limiter.hit(key, this.config.loginWindowSeconds);
    return ok;
  }

  /** 400 { message, developerMessage: 'Incorrect password' } for a wrong password: the site shows the latter as the field error. */
  async confirm(user: AuthUser, password: string): Promise<void> {
    if (!(await this.check(user, password))) {
      throw new BadRequestException({ statusCode: 400, message: Messages.incorrectPassword, developerMessage: Messages.incorrectPassword });
    }
  }
}

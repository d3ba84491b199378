import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Messages } from '../../contracts/messages';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimiter, type AttemptLimit } from '../redis/rate-limiter';

/**
 * Where a secret is checked: signing in, re-entering the password in a session (unlock, session modal,
 * change), or an authenticator's code (the second step of an administrator's sign-in, and confirming a new
 * authenticator): codes are counted like passwords, in counters of their own.
 */
export type PasswordCheckKind = 'login' | 'confirm' | 'mfa';

/**
 * Throttles password checks: each check takes an attempt before the hash is
 * verified, atomically, per account+address (5 per window), per address (50 per window) and per account from
 * anywhere (a few per minute), so parallel guesses cannot pass a limit, and a stranger's wrong passwords slow
 * an account down for at most a minute without locking its owner out from another address.
 */
@Injectable()
export class PasswordAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private limits(kind: PasswordCheckKind, who: string, ip: string | null): AttemptLimit[] {
    const address = ip ?? 'unknown';
    return [
      { key: `${kind}:acct-ip:${who}:${address}`, max: this.config.loginMaxFailures, windowSeconds: this.config.loginWindowSeconds },
      { key: `${kind}:ip:${address}`, max: this.config.loginIpMaxFailures, windowSeconds: this.config.loginWindowSeconds },
      { key: `${kind}:acct:${who}`, max: this.config.loginAccountMaxPerMinute, windowSeconds: 60 },
    ];
  }

  /** Takes one attempt, or answers 429 without any password being checked. */
  async take(kind: PasswordCheckKind, who: string, ip: string | null): Promise<void> {
    if (!(await this.limiter.attempt(this.limits(kind, who, ip)))) {
      throw new HttpException({ statusCode: 429, message: Messages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /** The password was right: this account+address starts over, and the attempt does not count elsewhere. */
  async succeeded(kind: PasswordCheckKind, who: string, ip: string | null): Promise<void> {
    const [accountAndAddress, ...others] = this.limits(kind, who, ip);
    await this.limiter.reset(accountAndAddress!.key);
    await this.limiter.refund(...others.map((l) => l.key));
  }

  /** The person proved who they are another way (a password reset): earlier failures no longer count. */
  async forget(kind: PasswordCheckKind, who: string): Promise<void> {
    await this.limiter.resetMatching(`${kind}:acct-ip:${who}:*`, `${kind}:acct:${who}`);
  }
}

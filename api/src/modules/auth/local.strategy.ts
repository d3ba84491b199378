import { ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest as Request } from 'fastify';
import { Strategy } from 'passport-local';
import { ClientMessages } from '../../contracts/clients';
import { CensusMessages, Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { PasswordAttempts } from '../../core/auth/password-attempts';
import { unknownLoginDigest } from '../../core/auth/unknown-login';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import type { Account } from '../accounts/account.table';
import { AccountsService } from '../accounts/accounts.service';

/**
 * Username-or-email + password. Each check first takes an attempt (PasswordAttempts: per account+address,
 * per address, per account per minute); past a limit the answer is 429 before any password is checked.
 * Unknown user and wrong password answer the same 401, and both are audited as security events.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  private readonly unknownLogin: (login: string) => string;

  constructor(
    private readonly accounts: AccountsService,
    private readonly attempts: PasswordAttempts,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
    this.unknownLogin = unknownLoginDigest(config.jwtSecret);
  }

  async validate(req: Request, username: string, password: string): Promise<Account> {
    const ip = req.ip ?? null;
    const account = await this.accounts.findForLogin(username);
    // Counted per account when the login names one (username and email share the count), else per login text.
    const who = account ? `id:${account.id}` : `name:${this.unknownLogin(username)}`;
    await this.attempts.take('login', who, ip);
    if (!(await this.accounts.verifyLogin(account, password))) {
      await this.audit.recordAs(
        { clientId: account?.clientId ?? null, accountId: null },
        {
          eventType: 'Security',
          actionType: 'login-failed',
          // Who was tried, never what password; an unknown login text only as a keyed digest (it may be a password typed in the wrong field).
          description: `Failed login for ${account ? account.username : `an unknown username (ref ${this.unknownLogin(username)})`}`,
        },
      );
      throw new UnauthorizedException({ statusCode: 401, message: Messages.invalidCredentials });
    }
    await this.attempts.succeeded('login', who, ip);
    // Told only to someone who knows the password: an agent turned the account off ...
    if (account!.disabledAt !== null) throw new ForbiddenException({ statusCode: 403, message: ClientMessages.accessDisabled });
    // ... or their access ended with their employment.
    const ended = await this.accounts.accessEnded(account!.id);
    if (ended) throw new ForbiddenException({ statusCode: 403, message: CensusMessages.accessEnded(ended) });
    return account!;
  }
}

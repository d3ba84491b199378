import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest as Request } from 'fastify';
import { Strategy } from 'passport-local';
import { CensusMessages, Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { PasswordAttempts } from '../../core/auth/password-attempts';
import type { Account } from '../accounts/account.table';
import { AccountsService } from '../accounts/accounts.service';

/**
 * Username-or-email + password. Each check first takes an attempt (PasswordAttempts: per account+address,
 * per address, per account per minute); past a limit the answer is 429 before any password is checked.
 * Unknown user and wrong password answer the same 401, and both are audited as security events.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(
    private readonly accounts: AccountsService,
    private readonly attempts: PasswordAttempts,
    private readonly audit: AuditService,
  ) {
    super({ usernameField: 'username', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, username: string, password: string): Promise<Account> {
    const ip = req.ip ?? null;
    const account = await this.accounts.findForLogin(username);
    // Counted per account when the login names one (username and email share the count), else per login text.
    const who = account ? `id:${account.id}` : `name:${username.trim().toLowerCase()}`;
    await this.attempts.take('login', who, ip);
    if (!(await this.accounts.verifyLogin(account, password))) {
      await this.audit.recordAs(
        { clientId: account?.clientId ?? null, accountId: null },
        {
          eventType: 'Security',
          actionType: 'login-failed',
          // Who was tried, never what password.
          description: `Failed login for ${account ? account.username : `unknown user "${username.trim().slice(0, 100)}"`}`,
        },
      );
      throw new UnauthorizedException({ statusCode: 401, message: Messages.invalidCredentials });
    }
    await this.attempts.succeeded('login', who, ip);
    // Told only to someone who knows the password: their access ended with their employment.
    const ended = await this.accounts.accessEnded(account!.id);
    if (ended) throw new ForbiddenException({ statusCode: 403, message: CensusMessages.accessEnded(ended) });
    return account!;
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import type { AuthUser } from '../../core/auth/auth-user';
import { PasswordAttempts } from '../../core/auth/password-attempts';
import { verifySecret } from '../../core/auth/passwords';
import { RequestContext } from '../../core/context/request-context';
import { requestError } from '../../core/http/field-errors';

/** Why the password is being re-entered: said in the security event a wrong one leaves. */
export type ConfirmationPurpose = 'unlock' | 'session' | 'change';

const FAILED: Record<ConfirmationPurpose, string> = {
  unlock: 'Wrong password given to unlock secured data',
  session: 'Wrong password given to resume an idle session',
  change: 'Wrong password given to change sign-in details',
};

/**
 * Re-checks the password of the person behind a token (session modal, secured-data unlock, old password
 * on change). Each check first takes an attempt (PasswordAttempts, atomically), so neither a stolen session
 * nor parallel requests can guess the password at speed; wrong ones are audited as security events.
 */
@Injectable()
export class PasswordConfirmation {
  constructor(
    private readonly dataSource: DataSource,
    private readonly context: RequestContext,
    private readonly attempts: PasswordAttempts,
    private readonly audit: AuditService,
  ) {}

  /** The real person: the administrator while impersonating, otherwise the signed-in account. */
  static personOf(user: AuthUser): number | null {
    return user.impersonatorId ?? user.accountId;
  }

  /** True when right; 429 once too many attempts were made. */
  async check(password: string, purpose: ConfirmationPurpose): Promise<boolean> {
    const user = this.context.user;
    const ip = this.context.ip;
    const person = PasswordConfirmation.personOf(user);
    if (person === null) return false;
    const who = `id:${person}`;
    await this.attempts.take('confirm', who, ip);
    const rows: Array<{ password_hash: string | null }> = await this.dataSource.query('SELECT password_hash FROM account WHERE id = $1', [person]);
    const ok = await verifySecret(rows[0]?.password_hash, password);
    if (ok) {
      await this.attempts.succeeded('confirm', who, ip);
    } else {
      await this.audit.record({ employeeId: user.employeeId, eventType: 'Security', actionType: 'unlock-failed', description: FAILED[purpose] });
    }
    return ok;
  }

  /** 400 { message, developerMessage: 'Incorrect password' } for a wrong password: the site shows the latter as the field error. */
  async confirm(password: string, purpose: ConfirmationPurpose): Promise<void> {
    if (!(await this.check(password, purpose))) {
      throw requestError(Messages.incorrectPassword, { developerMessage: Messages.incorrectPassword });
    }
  }
}

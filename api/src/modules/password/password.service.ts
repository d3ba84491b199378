import { ForbiddenException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException, type BeforeApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChangePasswordRequest, ForgotPasswordResponse, QuestionResponse, ResetPasswordRequest, SecurityQuestionRequest, SuccessMessage } from '../../contracts/account';
import { Messages } from '../../contracts/messages';
import { AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import type { AuthUser } from '../../core/auth/auth-user';
import { hashSecret, normalizeAnswer, verifySecret } from '../../core/auth/passwords';
import { PasswordAttempts } from '../../core/auth/password-attempts';
import { SessionStore } from '../../core/auth/session-store';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { MailService } from '../../core/mail/mail.service';
import { RateLimiter } from '../../core/redis/rate-limiter';
import { selectRows } from '../../core/database/sql-table';
import { TenantDb } from '../../core/database/tenant-db';
import { accountTable, type Account } from '../accounts/account.table';
import { AccountTokensService } from '../accounts/account-tokens.service';
import { AccountsService } from '../accounts/accounts.service';
import { OptionsService } from '../options/options.service';
import { PasswordConfirmation } from '../secured-data/password-confirmation.service';
import { fieldError } from '../../core/http/field-errors';

/** A reset link works for an hour (the email says so). */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Wrong answers allowed per reset link; the fifth burns it. */
export const RESET_MAX_WRONG_ANSWERS = 5;
/** Forgot-password requests per address and per IP in FORGOT_WINDOW_SECONDS: enough for a person, too few to list accounts. */
export const FORGOT_MAX_PER_ADDRESS = 5;
export const FORGOT_MAX_PER_IP = 20;
export const FORGOT_WINDOW_SECONDS = 15 * 60;

interface AccountRow {
  id: number;
  client_id: number | null;
  username: string;
  email: string | null;
  first_name: string | null;
  registered: boolean;
}

const tooMany = () => new HttpException({ statusCode: 429, message: Messages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
const tokenNotValid = () => new ForbiddenException({ statusCode: 403, message: Messages.tokenNotValid });
const notWhileImpersonating = () => new ForbiddenException({ statusCode: 403, message: Messages.notWhileImpersonating });

/**
 * Forgot/reset password from the emailed link, change password (normal and forced), security question,
 * and the session modal's password check. A change ends every other session of the account; a reset
 * ends all of them.
 */
@Injectable()
export class PasswordService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(PasswordService.name);
  /** Reset links being written after their answer went out (forgotPassword). */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly context: RequestContext,
    private readonly tokens: AccountTokensService,
    private readonly accounts: AccountsService,
    private readonly db: TenantDb,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionStore,
    private readonly options: OptionsService,
    private readonly passwords: PasswordConfirmation,
    private readonly attempts: PasswordAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One answer, in the same time, for a registered, an unregistered and an unknown address:
   * every path takes the same two counters and the same look-up, and the link of a registered account is written
   * and queued after the answer has gone out. An unregistered account gets nothing (its welcome email, which HR
   * can send again, is how it signs up).
   */
  async forgotPassword(email: string): Promise<ForgotPasswordResponse> {
    const ip = this.context.ip;
    // Every request counts (not only failures): the limit is what stops listing accounts and flooding an inbox.
    const [byAddress, byIp] = await Promise.all([
      this.limiter.hit(`forgot:addr:${email.toLowerCase()}`, FORGOT_WINDOW_SECONDS),
      this.limiter.hit(`forgot:ip:${ip ?? 'unknown'}`, FORGOT_WINDOW_SECONDS),
    ]);
    if (byAddress > FORGOT_MAX_PER_ADDRESS || byIp > FORGOT_MAX_PER_IP) throw tooMany();

    const rows: AccountRow[] = await this.dataSource.query(
      `SELECT a.id, a.client_id, a.username, a.email, coalesce(e.first_name, a.first_name) AS first_name,
              a.password_hash IS NOT NULL AS registered
         FROM account a LEFT JOIN employee e ON e.account_id = a.id
        WHERE a.email = $1 OR a.username = $1
        ORDER BY (a.email = $1) DESC NULLS LAST LIMIT 1`,
      [email],
    );
    const account = rows[0];
    if (account?.registered) this.afterAnswer(`reset link of account ${account.id}`, () => this.sendResetLink(account));
    return { success: true, message: Messages.resetLinkMaybeSent };
  }

  /**
   * Work that must not lengthen the answer: started once the answer is on its way (setImmediate runs after the
   * handler's promise has settled and the reply is written), not awaited, kept until done so shutdown waits for it.
   * `what` names the work by ids only: the address is personal data.
   */
  private afterAnswer(what: string, work: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.logger.error(`${what} not sent: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => this.sending.delete(running));
    this.sending.add(running);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }

  private async sendResetLink(account: AccountRow): Promise<void> {
    const to = account.email ?? account.username;
    await this.db.transaction(async () => {
      const { id, raw } = await this.tokens.issue(account.id, 'password-reset', RESET_TOKEN_TTL_MINUTES * 60);
      await this.mail.enqueue(
        {
          template: 'password-reset',
          to,
          data: { firstName: account.first_name, resetUrl: `${this.config.publicUrl}/mbl/reset-password?token=${raw}`, expiresInMinutes: RESET_TOKEN_TTL_MINUTES },
          idempotencyKey: `password-reset:${id}`,
          clientId: account.client_id,
        },
      );
    });
  }

  async question(raw: string): Promise<QuestionResponse> {
    const found = await this.tokens.find(raw, 'password-reset');
    if (!found || found.state !== 'valid') throw tokenNotValid();
    const rows: Array<{ security_question_id: number | null }> = await this.dataSource.query('SELECT security_question_id FROM account WHERE id = $1', [found.token.accountId]);
    const questionId = rows[0]?.security_question_id ?? null;
    if (questionId === null) return { question: null };
    const question = (await this.options.list('securityQuestion')).find((q) => q.id === questionId);
    return { question: question?.text ?? null };
  }

  async resetPassword(body: ResetPasswordRequest): Promise<SuccessMessage> {
    const passwordHash = await hashSecret(body.password);
    // The wrong-answer count must survive the refusal, so the transaction answers an outcome and the error is thrown after commit.
    const outcome = await this.db.transaction(async (): Promise<'invalid' | 'wrong' | { accountId: number }> => {
      const found = await this.tokens.find(body.token, 'password-reset', true);
      if (!found || found.state !== 'valid') return 'invalid';
      const [account] = await selectRows(this.db.manager, accountTable, 'a', 'a.id = $1', [found.token.accountId], { secret: ['securityAnswerHash'] });
      if (!account) return 'invalid';
      const hasQuestion = account.securityAnswerHash !== null;
      if (hasQuestion && !(await verifySecret(account.securityAnswerHash, normalizeAnswer(body.answer)))) {
        await this.tokens.countFailure(found.token.id, RESET_MAX_WRONG_ANSWERS);
        return 'wrong';
      }
      // Without a question on file the link alone was the proof, so a question must be chosen at next sign-in.
      await this.accounts.update(account.id, { passwordHash, passwordReset: false, ...(hasQuestion ? {} : { securityQuestionReset: true }) });
      await this.tokens.markUsed(found.token.id);
      await this.auditPassword(account, 'Password reset from the emailed link', null);
      // The person proved who they are: earlier failed logins no longer count against them.
      await this.attempts.forget('login', `id:${account.id}`);
      return { accountId: account.id };
    });
    if (outcome === 'invalid') throw tokenNotValid();
    if (outcome === 'wrong') throw fieldError('answer', Messages.wrongAnswer);
    // Whoever knew the old password is signed out everywhere.
    await this.sessions.revokeAllOf(outcome.accountId);
    return { success: true, message: Messages.passwordChangedSuccessfully };
  }

  /**
   * Normal change needs the old password; a forced change (passwordReset set by an administrator) does
   * not, and clears the flag. Not while impersonating: an administrator never sets an employee's password.
   */
  async changePassword(body: ChangePasswordRequest): Promise<SuccessMessage> {
    const user = this.context.user;
    if (user.impersonatorId !== null) throw notWhileImpersonating();
    const account = await this.accountOf(user);
    if (!account.passwordReset) {
      if (!body.oldPassword) throw fieldError('oldPassword', Messages.fieldRequired);
      if (!(await this.passwords.check(body.oldPassword, 'change'))) throw fieldError('oldPassword', Messages.wrongData);
    }
    const passwordHash = await hashSecret(body.password);
    await this.db.transaction(async () => {
      await this.accounts.update(account.id, { passwordHash, passwordReset: false });
      await this.auditPassword(account, account.passwordReset ? 'Password changed after an administrator reset' : 'Password changed', user);
    });
    // Every other session of the account ends; the one that made the change goes on.
    await this.sessions.revokeAllOf(account.id, user.sessionId);
    return { success: true, message: Messages.passwordChanged };
  }

  /**
   * Sets the security question and answer. While a reset is pending (securityQuestionReset) that is all it
   * takes; a voluntary change must also confirm the password.
   */
  async setSecurityQuestion(body: SecurityQuestionRequest): Promise<void> {
    const user = this.context.user;
    if (user.impersonatorId !== null) throw notWhileImpersonating();
    const account = await this.accountOf(user);
    if (!(await this.options.has('securityQuestion', Number(body.securityQuestionId)))) {
      throw fieldError('securityQuestionId', Messages.unknownSecurityQuestion);
    }
    if (!account.securityQuestionReset) {
      if (!body.password) throw fieldError('password', Messages.fieldRequired);
      if (!(await this.passwords.check(body.password, 'change'))) throw fieldError('password', Messages.wrongData);
    }
    const answerHash = await hashSecret(normalizeAnswer(body.securityAnswer));
    await this.db.transaction(async () => {
      await this.accounts.update(account.id, { securityQuestionId: Number(body.securityQuestionId), securityAnswerHash: answerHash, securityQuestionReset: false });
      const employee = await this.employeeIdOf(account.id);
      // Which question is not secret; the answer never leaves the hash.
      await this.audit.record({ employeeId: employee, eventType: 'Security question', actionType: 'update', description: 'Security question and answer changed' });
    });
  }

  /** The session-expired modal: the right password makes the idle session active again. */
  async verifyPassword(password: string): Promise<void> {
    await this.passwords.confirm(password, 'session');
    await this.sessions.revive(this.context.user.sessionId);
  }

  private async accountOf(user: AuthUser): Promise<Account> {
    const [account] = user.accountId === null ? [] : await selectRows(this.dataSource, accountTable, 'a', 'a.id = $1', [user.accountId]);
    if (!account) throw new NotFoundException({ statusCode: 404, message: 'Account not found' });
    return account;
  }

  private async employeeIdOf(accountId: number): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.db.manager.query('SELECT id FROM employee WHERE account_id = $1', [accountId]);
    return rows[0]?.id ?? null;
  }

  /** Records that the password changed (by the signed-in session, or by the account's own reset link); never the password or its hash. */
  private async auditPassword(account: Account, description: string, signedIn: AuthUser | null): Promise<void> {
    const entry = { employeeId: await this.employeeIdOf(account.id), eventType: 'Password', actionType: 'update' as const, description };
    if (signedIn) await this.audit.record(entry);
    else await this.audit.recordAs({ clientId: account.clientId, accountId: account.id }, entry);
  }
}

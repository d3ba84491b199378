import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JwtResponse, RegistrationProfile, RegistrationRequest } from '../../contracts/account';
import { RegistrationStep } from '../../contracts/auth';
import { Messages } from '../../contracts/messages';
import { usernameBase, usernameFor, type SignInMethod } from '../../contracts/sign-in-method';
import { AuditService } from '../../core/audit/audit.service';
import { TenantDb } from '../../core/database/tenant-db';
import { RequestContext } from '../../core/context/request-context';
import { EmployeesService } from '../employees/employees.service';
import { EnrollmentsService } from '../enrollments/enrollments.service';
import { hashSecret, normalizeAnswer } from '../../core/auth/passwords';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import type { EmailBrand } from '../../core/mail/email-templates';
import { MailService } from '../../core/mail/mail.service';
import { selectRows } from '../../core/database/sql-table';
import { accountTable, type Account, type AuthenticationMethod } from '../accounts/account.table';
import { AccountTokensService } from '../accounts/account-tokens.service';
import { AccountsService } from '../accounts/accounts.service';
import { AuthService } from '../auth/auth.service';
import { OptionsService } from '../options/options.service';
import { fieldError, requestError } from '../../core/http/field-errors';
import { fullName } from '../../contracts/common';

/** A welcome link stays valid long enough for a new hire who starts in a few weeks. */
export const REGISTRATION_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

interface EmployeeAccountRow {
  employee_id: number;
  client_id: number;
  first_name: string;
  last_name: string;
  employee_email: string | null;
  account_id: number | null;
  account_email: string | null;
  username: string | null;
  registered: boolean | null;
  client_name: string;
  /** How the client's employees sign in (contracts/sign-in-method). */
  client_method: SignInMethod;
}


/** How a campaign sends the welcome email: its own fixed key, sent by its own job, in the client's colours. */
export interface WelcomeOptions {
  idempotencyKey?: string;
  queue?: boolean;
  brand?: EmailBrand;
}

/** Registration from the emailed link (document 1, Account Setup) and the welcome email that carries it. */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly tokens: AccountTokensService,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly auth: AuthService,
    private readonly options: OptionsService,
    private readonly enrollments: EnrollmentsService,
    private readonly employees: EmployeesService,
    private readonly context: RequestContext,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Issues a fresh registration token (older links of the account stop working) and queues the welcome
   * email, in one transaction. An employee without an account gets an email-authenticated one.
   * An employee of the acting client (HR in a request, or a job's client in the workers); audited.
   */
  async sendWelcome(employeeId: number, options: WelcomeOptions = {}): Promise<number> {
    // Inside the caller's transaction when it has one (Add New Employee sends it with the new record).
    return this.db.transaction(async () => {
      const row = await this.employeeWithAccount(employeeId);
      if (!row) throw new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
      if (row.registered) throw new ConflictException({ statusCode: 409, message: Messages.employeeAlreadyRegistered });
      const to = row.account_email ?? row.employee_email;
      if (!to) throw requestError(Messages.employeeHasNoEmail);

      let accountId = row.account_id;
      if (accountId === null) accountId = row.client_method === 'username' ? await this.createUsernameAccount(row) : await this.createAccount(row, to);

      const { id, raw } = await this.tokens.issue(accountId, 'registration', REGISTRATION_TOKEN_TTL_SECONDS);
      const messageId = await this.mail.enqueue(
        {
          template: 'welcome',
          to,
          data: {
            firstName: row.first_name,
            clientName: row.client_name,
            registrationUrl: `${this.config.publicUrl}/mbl/registration?token=${raw}`,
            ...(options.brand ? { brand: options.brand } : {}),
          },
          idempotencyKey: options.idempotencyKey ?? `welcome:${id}`,
          clientId: row.client_id,
          ...(options.queue === false ? { queue: false } : {}),
        },
      );
      // The message board's progress flag 1 and its date.
      await this.employees.markWelcomeSent(row.employee_id);
      await this.audit.record({ employeeId: row.employee_id, eventType: 'Welcome email', actionType: 'create', description: `Welcome email sent to ${fullName({ firstName: row.first_name, lastName: row.last_name })}` });
      // Invited to enroll: the rows of the current period exist before the first visit (GET /enrollments only reads).
      await this.enrollments.prepareRows(row.employee_id);
      return messageId;
    });
  }

  /** GET /registration: 403 for an unknown, used or expired token, 409 once the account is registered. */
  async profile(raw: string): Promise<RegistrationProfile> {
    const { account } = await this.resolve(raw, false);
    const employee: Array<{ first_name: string; last_name: string }> = await this.dataSource.query(
      'SELECT first_name, last_name FROM employee WHERE account_id = $1',
      [account.id],
    );
    return {
      firstName: employee[0]?.first_name ?? account.firstName,
      lastName: employee[0]?.last_name ?? account.lastName,
      email: account.email,
      authenticationMethod: account.authenticationMethod,
      username: account.username,
    };
  }

  /** GET /registration/validate: whether the link's account may take this email (its own counts as free). */
  async addressFree(raw: string, username: string | undefined): Promise<boolean> {
    const { account } = await this.resolve(raw, false);
    return this.employees.registrationAddressFree(username, account.id);
  }

  /** POST /registration: sets the password, question and answer (and email for username accounts); answers a jwt. */
  async register(body: RegistrationRequest): Promise<JwtResponse> {
    if (!(await this.options.has('securityQuestion', Number(body.securityQuestionId)))) {
      throw fieldError('securityQuestionId', Messages.unknownSecurityQuestion);
    }
    // Hashing is slow: done before the transaction so the token row is not locked meanwhile.
    const [passwordHash, answerHash] = await Promise.all([hashSecret(body.password), hashSecret(normalizeAnswer(body.securityAnswer))]);

    const accountId = await this.db.transaction(async (m) => {
      const { account, tokenId } = await this.resolve(body.token, true);
      let email = account.email;
      if (account.authenticationMethod === 'username') {
        if (!body.email) throw fieldError('email', Messages.fieldRequired);
        const taken: unknown[] = await m.query('SELECT 1 FROM account WHERE (email = $1 OR username = $1) AND id <> $2 LIMIT 1', [body.email, account.id]);
        if (taken.length > 0) throw fieldError('email', Messages.emailInUse);
        email = body.email;
      }
      const employee: Array<{ id: number }> = await m.query('SELECT id FROM employee WHERE account_id = $1', [account.id]);
      await this.accounts.update(account.id, {
          passwordHash,
          securityQuestionId: Number(body.securityQuestionId),
          securityAnswerHash: answerHash,
          email,
          passwordReset: false,
          securityQuestionReset: false,
          // The step just completed: the wizard resumes at Employee Profile. An HR
          // administrator invited by an agent has no employee record, so Account Setup is all of it.
          registrationStep: employee.length === 0 && account.roleType === 1 ? RegistrationStep.Finished : RegistrationStep.Account,
      });
      await this.tokens.markUsed(tokenId);
      // Before sign-in: the account the link belongs to creates itself.
      await this.audit.recordAs(
        { clientId: account.clientId, accountId: account.id },
        { employeeId: employee[0]?.id ?? null, eventType: 'Account', actionType: 'create', description: 'Account created from the welcome email' },
      );
      // Whatever was offered since the invitation is there too when the wizard opens (in the account's own client).
      const employeeId = employee[0]?.id;
      const clientId = account.clientId;
      if (employeeId !== undefined && clientId !== null) await this.context.runAs({ clientId, requestedBy: account.id }, () => this.enrollments.prepareRows(employeeId));
      return account.id;
    });

    const [account] = await selectRows(this.dataSource, accountTable, 'a', 'a.id = $1', [accountId]);
    const { jwt } = await this.auth.login(account!);
    return { jwt };
  }

  private async resolve(raw: string, lock: boolean): Promise<{ account: Account; tokenId: number }> {
    const found = await this.tokens.find(raw, 'registration', lock);
    if (!found) throw new ForbiddenException({ statusCode: 403, message: Messages.registrationTokenInvalid });
    const [account] = await selectRows(this.db.manager, accountTable, 'a', 'a.id = $1', [found.token.accountId], { secret: ['passwordHash'] });
    if (!account) throw new ForbiddenException({ statusCode: 403, message: Messages.registrationTokenInvalid });
    // A registered person opening an old link learns to log in instead (409), whatever the token's state.
    const registered = account.passwordHash !== null || !([RegistrationStep.WelcomeEmail, RegistrationStep.Account] as number[]).includes(account.registrationStep);
    if (registered) throw new ConflictException({ statusCode: 409, message: Messages.alreadyRegistered });
    if (found.state !== 'valid') throw new ForbiddenException({ statusCode: 403, message: Messages.registrationTokenInvalid });
    return { account, tokenId: found.token.id };
  }

  /**
   * The account of an employee of a client whose employees sign in with a username (contracts/sign-in-method): a
   * username made from the address HR entered, no email of its own until Account Setup asks for one.
   */
  private async createUsernameAccount(row: EmployeeAccountRow): Promise<number> {
    const address = row.employee_email ?? '';
    const base = usernameBase(address);
    const taken: Array<{ name: string }> = await this.db.manager.query(
      `SELECT username::text AS name FROM account WHERE lower(username) LIKE $1 || '%' UNION SELECT email::text FROM account WHERE lower(email) LIKE $1 || '%'`,
      [base.replace(/[\\%_]/g, '\\$&')],
    );
    return this.createEmployeeAccount(row, { username: usernameFor(address, new Set(taken.map((t) => t.name))), email: null, authenticationMethod: 'username' });
  }

  private async employeeWithAccount(employeeId: number): Promise<EmployeeAccountRow | null> {
    const rows = await this.db.query<EmployeeAccountRow>(
      `SELECT e.id AS employee_id, e.client_id, e.first_name, e.last_name, e.email AS employee_email,
              a.id AS account_id, a.email AS account_email, a.username,
              (a.password_hash IS NOT NULL OR a.registration_step NOT IN (1, 2)) AS registered, c.name AS client_name,
              c.authentication_method AS client_method
         FROM employee e
         JOIN client c ON c.id = e.client_id
         LEFT JOIN account a ON a.id = e.account_id
        WHERE e.id = $1 AND e.client_id = $client
        FOR UPDATE OF e`,
      [employeeId],
    );
    return rows[0] ?? null;
  }

  private async createAccount(row: EmployeeAccountRow, email: string): Promise<number> {
    const taken: unknown[] = await this.db.manager.query('SELECT 1 FROM account WHERE email = $1 OR username = $1 LIMIT 1', [email]);
    if (taken.length > 0) throw new ConflictException({ statusCode: 409, message: Messages.emailInUse });
    return this.createEmployeeAccount(row, { username: email, email, authenticationMethod: 'email' });
  }

  /** An employee's account, not registered yet (the welcome email is its next step), linked to the employee. */
  private async createEmployeeAccount(
    row: EmployeeAccountRow,
    login: { username: string; email: string | null; authenticationMethod: AuthenticationMethod },
  ): Promise<number> {
    const id = await this.accounts.create({
      clientId: this.context.clientId,
      ...login,
      roleType: 0,
      firstName: row.first_name,
      lastName: row.last_name,
      registrationStep: RegistrationStep.WelcomeEmail,
    });
    await this.employees.linkAccount(row.employee_id, id);
    return id;
  }
}

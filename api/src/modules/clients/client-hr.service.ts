import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { RegistrationStep } from '../../contracts/auth';
import { ClientMessages, type HrAdministrator, type HrAdministratorList, type HrInvite } from '../../contracts/clients';
import { fullName } from '../../contracts/common';
import { AuditService } from '../../core/audit/audit.service';
import { SessionStore } from '../../core/auth/session-store';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { NOW, selectRows } from '../../core/database/sql-table';
import { fieldError } from '../../core/http/field-errors';
import { MailService } from '../../core/mail/mail.service';
import { AccountsService } from '../accounts/accounts.service';
import { AccountTokensService } from '../accounts/account-tokens.service';
import { REGISTRATION_TOKEN_TTL_SECONDS } from '../registration/registration.service';
import { agencyTable } from '../tenancy/agency.table';
import { ClientsService } from './clients.service';

const hrNotFound = () => new NotFoundException({ statusCode: 404, message: ClientMessages.hrNotFound });

interface HrRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  registered: boolean;
  disabled_at: Date | null;
  invited_at: Date;
  last_login_at: Date | null;
}

/** A client's HR administrators: the agent lists them, invites one (an account and its registration email) or disables one. */
@Injectable()
export class ClientHrService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly clients: ClientsService,
    private readonly tokens: AccountTokensService,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly sessions: SessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /agency/clients/{id}/hr-administrators. */
  async hrAdministrators(id: number): Promise<HrAdministratorList> {
    const client = await this.clients.own(id);
    const rows = await this.context.forClient(client.id, () => this.db.query<HrRow>(
      `SELECT a.id, a.first_name, a.last_name, a.email, a.password_hash IS NOT NULL AS registered, a.disabled_at, a.last_login_at,
              coalesce((SELECT max(t.created_at) FROM account_token t WHERE t.account_id = a.id AND t.purpose = 'registration'), a.created_at) AS invited_at
         FROM account a
        WHERE a.client_id = $client AND a.role_type = 1 AND NOT a.test_user
        ORDER BY a.last_name, a.first_name, a.id`,
    ));
    return { client: { id: client.id, name: client.name }, administrators: rows.map(hrView) };
  }

  /**
   * POST /agency/clients/{id}/hr-administrators: an administrator account of the client (no employee record) and
   * the email with its registration link, in one transaction with the audit entry. Registration is the employees'
   * own (POST /registration); for an administrator it ends with Account Setup.
   */
  async inviteHr(id: number, body: HrInvite): Promise<HrAdministrator> {
    const accountId = await this.db.transaction(async (m) => {
      const client = await this.clients.own(id, true);
      const taken: unknown[] = await m.query('SELECT 1 FROM account WHERE email = $1 OR username = $1 LIMIT 1', [body.email]);
      if (taken.length > 0) throw fieldError('email', ClientMessages.emailInUse);
      const [agency] = await selectRows(m, agencyTable, 'g', 'g.id = $1', [client.agencyId]);
      const newId = await this.accounts.create({
        clientId: client.id,
        agencyId: null,
        username: body.email,
        email: body.email,
        authenticationMethod: 'email',
        passwordHash: null,
        roleType: 1,
        testUser: false,
        firstName: body.firstName,
        lastName: body.lastName,
        registrationStep: RegistrationStep.WelcomeEmail,
      });
      const { id: tokenId, raw } = await this.tokens.issue(newId, 'registration', REGISTRATION_TOKEN_TTL_SECONDS);
      await this.mail.enqueue(
        {
          template: 'hr-invite',
          to: body.email,
          data: { firstName: body.firstName, clientName: client.name, agencyName: agency?.name ?? 'Your benefits agency', registrationUrl: `${this.config.publicUrl}/mbl/registration?token=${raw}` },
          idempotencyKey: `hr-invite:${tokenId}`,
          clientId: client.id,
        },
      );
      await this.context.forClient(client.id, () =>
        this.audit.record(
          {
            employeeId: null,
            eventType: 'HR administrator',
            actionType: 'create',
            description: `HR administrator ${fullName(body)} invited`,
            data: [{ title: 'Email', oldValue: null, newValue: body.email, changed: true }],
          },
        ),
      );
      return newId;
    });
    return this.oneHr(id, accountId);
  }

  private async oneHr(clientId: number, accountId: number): Promise<HrAdministrator> {
    const found = (await this.hrAdministrators(clientId)).administrators.find((a) => a.id === accountId);
    if (!found) throw hrNotFound();
    return found;
  }

  /**
   * POST /agency/clients/{id}/hr-administrators/{accountId}/disable: the administrator can no longer sign in, their
   * registration link stops working and every session of theirs ends (after the change commits).
   */
  async disableHr(id: number, accountId: number): Promise<HrAdministrator> {
    await this.db.transaction(async () => {
      const client = await this.clients.own(id);
      await this.context.forClient(client.id, async () => {
        const [account] = await this.db.query<{ id: number; first_name: string | null; last_name: string | null; registered: boolean; disabled: boolean }>(
          `SELECT a.id, a.first_name, a.last_name, a.password_hash IS NOT NULL AS registered, a.disabled_at IS NOT NULL AS disabled
             FROM account a WHERE a.id = $1 AND a.client_id = $client AND a.role_type = 1 AND NOT a.test_user FOR UPDATE`,
          [accountId],
        );
        if (!account) throw hrNotFound();
        if (account.disabled) throw new ConflictException({ statusCode: 409, message: ClientMessages.alreadyDisabled });
        await this.accounts.update(account.id, { disabledAt: NOW });
        await this.tokens.burnAll(account.id);
        await this.audit.record(
          {
            employeeId: null,
            eventType: 'HR administrator',
            actionType: 'update',
            description: `HR administrator ${fullName({ firstName: account.first_name, lastName: account.last_name })} disabled`,
            data: [{ title: 'Status', oldValue: account.registered ? 'Active' : 'Invited', newValue: 'Disabled', changed: true }],
          },
        );
      });
    });
    await this.sessions.revokeAllOf(accountId);
    return this.oneHr(id, accountId);
  }
}

function hrView(r: HrRow): HrAdministrator {
  return {
    id: r.id,
    firstName: r.first_name ?? '',
    lastName: r.last_name ?? '',
    email: r.email ?? '',
    status: r.disabled_at !== null ? 'disabled' : r.registered ? 'active' : 'invited',
    invitedAt: r.invited_at.toISOString(),
    lastLoginAt: r.last_login_at?.toISOString() ?? null,
  };
}

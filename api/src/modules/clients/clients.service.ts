import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import { RegistrationStep } from '../../contracts/auth';
import {
  ClientMessages,
  MONTHS,
  type ClientDetail,
  type ClientList,
  type ClientSettings,
  type FirstPeriod,
  type FirstPeriodAnswer,
  type FirstPeriodRequest,
  type HrAdministrator,
  type HrAdministratorList,
  type HrInvite,
} from '../../contracts/clients';
import { censusChoices } from '../../contracts/census-choices';
import type { Contact } from '../../contracts/communications';
import { toIsoDate, toUsDate } from '../../contracts/formats';
import { OPTION_LISTS } from '../../contracts/option-lists';
import { openEnrollmentState } from '../../contracts/open-enrollment';
import { fullName } from '../../contracts/common';
import { diffFields, AuditService } from '../../core/audit/audit.service';
import { SessionStore } from '../../core/auth/session-store';
import { APP_CONFIG, type AppConfig } from '../../core/config/app-config';
import { RequestContext } from '../../core/context/request-context';
import { TenantDb } from '../../core/database/tenant-db';
import { insertRow, NOW, selectRows, updateRows } from '../../core/database/sql-table';
import { fieldError } from '../../core/http/field-errors';
import { MailService } from '../../core/mail/mail.service';
import { AccountsService } from '../accounts/accounts.service';
import { AccountTokensService } from '../accounts/account-tokens.service';
import { ContactsService } from '../communications/contacts.service';
import { FILE_STORAGE, type FileStorage } from '../files/file-storage';
import type { StoredUpload } from '../files/streaming-upload.interceptor';
import { OpenEnrollmentService } from '../open-enrollment/open-enrollment.service';
import { REGISTRATION_TOKEN_TTL_SECONDS } from '../registration/registration.service';
import { agencyTable } from '../tenancy/agency.table';
import { clientTable, type Client } from '../tenancy/client.table';

/** A logo is shown in the header: images the browser draws, read from the bytes (never SVG, which can carry script). */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** The public address of an uploaded logo: unguessable, so it names one logo and lists nothing. */
const LOGO_PATH = '/mbl/api/client-logos/';
const UPLOAD_PREFIX = 'uploads/';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const notFound = () => new NotFoundException({ statusCode: 404, message: ClientMessages.clientNotFound });
const hrNotFound = () => new NotFoundException({ statusCode: 404, message: ClientMessages.hrNotFound });

/** The audit entry's field titles (the form's labels) and how each value reads. */
const FIELD_TITLES: Record<string, string> = {
  name: 'Name',
  website: 'Website',
  headerColor: 'Header colour',
  footerColor: 'Footer colour',
  timeZone: 'Time zone',
  payPeriods: 'Pay periods per year',
  planYearStartMonth: 'Plan year starts',
  enableOnboarding: 'Onboarding',
  i9Enabled: 'Onboarding: I-9',
  w4Enabled: 'Onboarding: W-4',
  payrollEnabled: 'Onboarding: payroll',
  eeoEnabled: 'Onboarding: EEO',
  enableMidyearChanges: 'Mid-year changes',
  requireSsn: 'SSN required',
  authenticationMethod: 'Authentication method',
  accessGroupIds: 'Access groups',
  officeIds: 'Offices',
  contacts: 'Contacts',
};

function optionTexts(type: 'accessGroup' | 'office', ids: readonly number[]): string {
  return ids.map((id) => OPTION_LISTS[type].find((o) => o.id === id)?.text ?? String(id)).join(', ');
}

function contactsText(contacts: ReadonlyArray<{ contactType: string; firstName: string; lastName: string; email: string }>): string {
  return contacts.map((c) => `${c.contactType === 'hr' ? 'HR' : 'Agent'}: ${fullName(c)} <${c.email}>`).join('; ');
}

/** A flat record of the settings for the audit entry's old and new values. */
function auditView(s: Omit<ClientSettings, 'contacts'>, contacts: ReadonlyArray<{ contactType: string; firstName: string; lastName: string; email: string }>): Record<string, unknown> {
  return {
    ...s,
    website: s.website ?? null,
    planYearStartMonth: MONTHS[s.planYearStartMonth - 1],
    accessGroupIds: optionTexts('accessGroup', s.accessGroupIds),
    officeIds: optionTexts('office', s.officeIds),
    contacts: contactsText(contacts),
  };
}

function settingsOf(c: Client): Omit<ClientSettings, 'contacts'> {
  return {
    name: c.name,
    website: c.website ?? undefined,
    headerColor: c.headerColor ?? '',
    footerColor: c.footerColor ?? '',
    timeZone: c.timeZone,
    payPeriods: c.payPeriods,
    planYearStartMonth: c.planYearStartMonth,
    enableOnboarding: c.enableOnboarding,
    i9Enabled: c.i9Enabled,
    w4Enabled: c.w4Enabled,
    payrollEnabled: c.payrollEnabled,
    eeoEnabled: c.eeoEnabled,
    enableMidyearChanges: c.enableMidyearChanges,
    requireSsn: c.requireSsn,
    authenticationMethod: c.authenticationMethod,
    ...censusChoices(c),
  };
}

/** The client columns the agent's form sets (the others keep their defaults: full version, enrollments on, HR may run OE). */
function columnsOf(s: ClientSettings): Partial<Client> {
  return {
    name: s.name,
    website: s.website ?? null,
    headerColor: s.headerColor,
    footerColor: s.footerColor,
    timeZone: s.timeZone,
    payPeriods: s.payPeriods,
    planYearStartMonth: s.planYearStartMonth,
    enableOnboarding: s.enableOnboarding,
    i9Enabled: s.i9Enabled,
    w4Enabled: s.w4Enabled,
    payrollEnabled: s.payrollEnabled,
    eeoEnabled: s.eeoEnabled,
    enableMidyearChanges: s.enableMidyearChanges,
    requireSsn: s.requireSsn,
    authenticationMethod: s.authenticationMethod,
    accessGroupIds: [...new Set(s.accessGroupIds)],
    officeIds: [...new Set(s.officeIds)],
  };
}

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

/**
 * A broker's agent sets up the clients of its agency: their settings, logo, HR administrators and
 * first period. Every call names a client by id: one of another agency (or none) answers 404, and the work on it
 * runs in that client's scope (RequestContext.forClient), so TenantDb and the audit log see that client.
 */
@Injectable()
export class ClientsService {
  private readonly logger = new Logger(ClientsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly contacts: ContactsService,
    private readonly tokens: AccountTokensService,
    private readonly accounts: AccountsService,
    private readonly mail: MailService,
    private readonly sessions: SessionStore,
    private readonly openEnrollment: OpenEnrollmentService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get agencyId(): number {
    return this.context.user.agencyId ?? -1;
  }

  /** A client of the agent's agency (locked for the transaction with `lock`); anything else is 404. */
  private async own(id: number, m: EntityManager = this.dataSource.manager, lock = false): Promise<Client> {
    const [client] = await selectRows(m, clientTable, 'c', 'c.id = $1 AND c.agency_id = $2', [id, this.agencyId], { lock });
    if (!client) throw notFound();
    return client;
  }

  /** GET /agency/clients: every client of the agency with what the agent still has to do for it. */
  async list(): Promise<ClientList> {
    const rows = await this.dataSource.query<
      Array<{ id: number; name: string; logo_url: string | null; website: string | null; employees: number; hr: number; period_id: number | null; period_title: string | null; started_at: Date | null; closed_date: string | null }>
    >(
      `SELECT c.id, c.name, c.logo_url, c.website,
              (SELECT count(*)::int FROM employee e WHERE e.client_id = c.id AND NOT e.terminated) AS employees,
              (SELECT count(*)::int FROM account a WHERE a.client_id = c.id AND a.role_type = 1 AND NOT a.test_user AND a.disabled_at IS NULL) AS hr,
              p.id AS period_id, p.title AS period_title, p.started_at, p.closed_date::text AS closed_date
         FROM client c
         LEFT JOIN LATERAL (SELECT id, title, started_at, closed_date FROM open_enrollment_period WHERE client_id = c.id ORDER BY is_current DESC, start_date DESC, id DESC LIMIT 1) p ON true
        WHERE c.agency_id = $1
        ORDER BY c.name, c.id`,
      [this.agencyId],
    );
    return {
      clients: rows.map((r) => ({
        id: r.id,
        name: r.name,
        logoUrl: r.logo_url,
        website: r.website,
        employees: r.employees,
        hrAdministrators: r.hr,
        period:
          r.period_id === null
            ? null
            : { id: r.period_id, title: r.period_title!, state: openEnrollmentState({ startedAt: r.started_at?.toISOString() ?? null, closedDate: r.closed_date }) },
      })),
    };
  }

  /** GET /agency/clients/{id}. */
  async detail(id: number): Promise<ClientDetail> {
    const client = await this.own(id);
    const contacts = await this.context.forClient(id, () => this.contacts.list());
    return this.detailOf(client, contacts);
  }

  private detailOf(c: Client, contacts: readonly Contact[]): ClientDetail {
    return {
      id: c.id,
      name: c.name,
      logoUrl: c.logoUrl,
      website: c.website,
      headerColor: c.headerColor,
      footerColor: c.footerColor,
      timeZone: c.timeZone,
      payPeriods: c.payPeriods,
      planYearStartMonth: c.planYearStartMonth,
      enableOnboarding: c.enableOnboarding,
      i9Enabled: c.i9Enabled,
      w4Enabled: c.w4Enabled,
      payrollEnabled: c.payrollEnabled,
      eeoEnabled: c.eeoEnabled,
      enableMidyearChanges: c.enableMidyearChanges,
      requireSsn: c.requireSsn,
      authenticationMethod: c.authenticationMethod,
      contacts: contacts.map((x) => ({ id: x.contactId, contactType: x.contactType, firstName: x.firstName, lastName: x.lastName, phone: x.phone, email: x.email })),
      ...censusChoices(c),
    };
  }

  /**
   * POST /agency/clients: a client of the agent's agency with every setting the product reads, its contacts, and
   * the audit entry, in one transaction. It is in the agency's client switcher at once (GET /agency).
   */
  async create(body: ClientSettings): Promise<ClientDetail> {
    const id = await this.dataSource.transaction(async (m) => {
      const clientId = await insertRow(m, clientTable, {
        agencyId: this.agencyId,
        ...columnsOf(body),
        // Onboarding's payroll step offers every method until the client narrows them.
        payrollMethods: OPTION_LISTS.payrollMethod.map((o) => o.id),
      });
      await this.context.forClient(clientId, async () => {
        await this.contacts.replaceAll(body.contacts, m);
        await this.audit.record(
          { employeeId: null, eventType: 'Client settings', actionType: 'create', description: `Client ${body.name} created`, data: diffFields(FIELD_TITLES, null, auditView(body, body.contacts)) },
          m,
        );
      });
      return clientId;
    });
    return this.detail(id);
  }

  /** PUT /agency/clients/{id}: every setting replaced, with the contacts; the audit entry lists what changed. */
  async update(id: number, body: ClientSettings): Promise<ClientDetail> {
    await this.dataSource.transaction(async (m) => {
      const before = await this.own(id, m, true);
      await updateRows(m, clientTable, columnsOf(body), 'id = {1}', [id]);
      await this.context.forClient(id, async () => {
        const oldContacts = await this.contacts.replaceAll(body.contacts, m);
        const data = diffFields(FIELD_TITLES, auditView(settingsOf(before), oldContacts), auditView(body, body.contacts));
        await this.audit.record({ employeeId: null, eventType: 'Client settings', actionType: 'update', description: `Client ${body.name} settings changed`, data }, m);
      });
    });
    return this.detail(id);
  }

  /**
   * POST /agency/clients/{id}/logo: an image already streamed into storage (StreamingUploadInterceptor: size and
   * kind read from the bytes like every upload) becomes the client's logo; the old one's bytes go once the change
   * has committed.
   */
  async setLogo(id: number, file: StoredUpload | undefined): Promise<ClientDetail> {
    // Another agency's client is not found before anything is said about the file (the interceptor drops its bytes).
    await this.own(id);
    if (!file) throw fieldError('file', ClientMessages.logoMissing);
    if (!LOGO_TYPES.has(file.contentType)) {
      await this.storage.remove(file.storageKey);
      throw fieldError('file', ClientMessages.logoType);
    }
    const old = await this.dataSource.transaction(async (m) => {
      const before = await this.own(id, m, true);
      const logoUrl = `${LOGO_PATH}${file.storageKey.slice(UPLOAD_PREFIX.length)}`;
      await updateRows(m, clientTable, { logoUrl, logoStorageKey: file.storageKey, logoContentType: file.contentType, logoSizeBytes: file.size }, 'id = {1}', [id]);
      await this.context.forClient(id, () =>
        this.audit.record(
          { employeeId: null, eventType: 'Client settings', actionType: 'update', description: `Client ${before.name} logo changed`, data: [{ title: 'Logo', oldValue: before.logoUrl, newValue: logoUrl, changed: true }] },
          m,
        ),
      );
      return before.logoStorageKey;
    });
    if (old) await this.storage.remove(old).catch((err: unknown) => this.logger.warn(`an old logo remains (${old}): ${err instanceof Error ? err.message : String(err)}`));
    return this.detail(id);
  }

  /** GET /client-logos/{key}: a logo's bytes (public: the header shows it; the key is unguessable and names nothing else). */
  async logo(key: string): Promise<{ contentType: string; size: number; stream: Readable }> {
    if (!UUID.test(key)) throw notFound();
    const [client] = await selectRows(this.dataSource, clientTable, 'c', 'c.logo_storage_key = $1', [`${UPLOAD_PREFIX}${key}`]);
    if (!client?.logoStorageKey || !client.logoContentType) throw notFound();
    try {
      return { contentType: client.logoContentType, size: client.logoSizeBytes ?? 0, stream: await this.storage.reader(client.logoStorageKey) };
    } catch (err) {
      this.logger.error(`client ${client.id}'s logo has no stored bytes: ${err instanceof Error ? err.message : String(err)}`);
      throw notFound();
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // HR administrators

  /** GET /agency/clients/{id}/hr-administrators. */
  async hrAdministrators(id: number): Promise<HrAdministratorList> {
    const client = await this.own(id);
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
      const client = await this.own(id, m, true);
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
      const { id: tokenId, raw } = await this.tokens.issue(m, newId, 'registration', REGISTRATION_TOKEN_TTL_SECONDS);
      await this.mail.enqueue(
        {
          template: 'hr-invite',
          to: body.email,
          data: { firstName: body.firstName, clientName: client.name, agencyName: agency?.name ?? 'Your benefits agency', registrationUrl: `${this.config.publicUrl}/mbl/registration?token=${raw}` },
          idempotencyKey: `hr-invite:${tokenId}`,
          clientId: client.id,
        },
        m,
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
          m,
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
    await this.db.transaction(async (m) => {
      const client = await this.own(id, m);
      await this.context.forClient(client.id, async () => {
        const [account] = await this.db.query<{ id: number; first_name: string | null; last_name: string | null; registered: boolean; disabled: boolean }>(
          `SELECT a.id, a.first_name, a.last_name, a.password_hash IS NOT NULL AS registered, a.disabled_at IS NOT NULL AS disabled
             FROM account a WHERE a.id = $1 AND a.client_id = $client AND a.role_type = 1 AND NOT a.test_user FOR UPDATE`,
          [accountId],
          m,
        );
        if (!account) throw hrNotFound();
        if (account.disabled) throw new ConflictException({ statusCode: 409, message: ClientMessages.alreadyDisabled });
        await this.accounts.update(account.id, { disabledAt: NOW });
        await this.tokens.burnAll(m, account.id);
        await this.audit.record(
          {
            employeeId: null,
            eventType: 'HR administrator',
            actionType: 'update',
            description: `HR administrator ${fullName({ firstName: account.first_name, lastName: account.last_name })} disabled`,
            data: [{ title: 'Status', oldValue: account.registered ? 'Active' : 'Invited', newValue: 'Disabled', changed: true }],
          },
          m,
        );
      });
    });
    await this.sessions.revokeAllOf(accountId);
    return this.oneHr(id, accountId);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The first period

  /** GET /agency/clients/{id}/first-period: the client's period (its first, or the current one) and how many plans it has. */
  async firstPeriod(id: number): Promise<FirstPeriodAnswer> {
    const client = await this.own(id);
    const [p] = await this.context.forClient(client.id, () =>
      this.db.query<{ id: number; title: string; start_date: string; closed_date: string | null; started_at: Date | null; plans: number }>(
        `SELECT p.id, p.title, p.start_date::text AS start_date, p.closed_date::text AS closed_date, p.started_at,
                (SELECT count(*)::int FROM plan pl WHERE pl.open_enrollment_period_id = p.id) AS plans
           FROM open_enrollment_period p WHERE p.client_id = $client ORDER BY p.is_current DESC, p.start_date DESC, p.id DESC LIMIT 1`,
      ),
    );
    const period: FirstPeriod | null = p
      ? {
          id: p.id,
          title: p.title,
          // New-hire enrollment is started and closed on the same day it was prepared: no open enrollment window.
          kind: p.started_at !== null && p.closed_date === p.start_date ? 'new-hire' : 'open-enrollment',
          state: openEnrollmentState({ startedAt: p.started_at?.toISOString() ?? null, closedDate: p.closed_date }),
          startDate: toUsDate(p.start_date)!,
          plans: p.plans,
        }
      : null;
    return { client: { id: client.id, name: client.name, planYearStartMonth: client.planYearStartMonth }, period };
  }

  /** POST /agency/clients/{id}/first-period: prepared by the open-enrollment module in the client's scope. */
  async prepareFirstPeriod(id: number, body: FirstPeriodRequest): Promise<FirstPeriodAnswer> {
    await this.own(id);
    const start = toIsoDate(body.startDate);
    if (!start) throw new BadRequestException({ statusCode: 400, message: ClientMessages.periodKind });
    await this.context.forClient(id, () => this.openEnrollment.prepareFirst(body.kind, start));
    return this.firstPeriod(id);
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

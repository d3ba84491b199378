import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClientMessages, MONTHS, type ClientDetail, type ClientList, type ClientSettings } from '../../contracts/clients';
import { censusChoices } from '../../contracts/census-choices';
import type { Contact } from '../../contracts/communications';
import { OPTION_LISTS } from '../../contracts/option-lists';
import { openEnrollmentState } from '../../contracts/open-enrollment';
import { fullName } from '../../contracts/common';
import { diffFields, AuditService } from '../../core/audit/audit.service';
import { RequestContext } from '../../core/context/request-context';
import { insertRow, selectRows, updateRows } from '../../core/database/sql-table';
import { TenantDb } from '../../core/database/tenant-db';
import { ContactsService } from '../communications/contacts.service';
import { clientTable, type Client } from '../tenancy/client.table';

/** Another agency's client, or none: the same 404. */
export const notFound = () => new NotFoundException({ statusCode: 404, message: ClientMessages.clientNotFound });

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

/**
 * A broker's agent sets up the clients of its agency: their settings here; the logo (ClientLogosService), HR
 * administrators (ClientHrService) and first period (ClientFirstPeriodService) beside. Every call names a client by
 * id: one of another agency (or none) answers 404 (own), and the work on it runs in that client's scope
 * (RequestContext.forClient), so TenantDb and the audit log see that client.
 */
@Injectable()
export class ClientsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly audit: AuditService,
    private readonly contacts: ContactsService,
  ) {}

  private get agencyId(): number {
    return this.context.user.agencyId ?? -1;
  }

  /** A client of the agent's agency (locked for the transaction with `lock`); anything else is 404. */
  async own(id: number, lock = false): Promise<Client> {
    const [client] = await selectRows(this.db.manager, clientTable, 'c', 'c.id = $1 AND c.agency_id = $2', [id, this.agencyId], { lock });
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
    const id = await this.db.transaction(async (m) => {
      const clientId = await insertRow(m, clientTable, {
        agencyId: this.agencyId,
        ...columnsOf(body),
        // Onboarding's payroll step offers every method until the client narrows them.
        payrollMethods: OPTION_LISTS.payrollMethod.map((o) => o.id),
      });
      await this.context.forClient(clientId, async () => {
        await this.contacts.replaceAll(body.contacts);
        await this.audit.record(
          { employeeId: null, eventType: 'Client settings', actionType: 'create', description: `Client ${body.name} created`, data: diffFields(FIELD_TITLES, null, auditView(body, body.contacts)) },
        );
      });
      return clientId;
    });
    return this.detail(id);
  }

  /** PUT /agency/clients/{id}: every setting replaced, with the contacts; the audit entry lists what changed. */
  async update(id: number, body: ClientSettings): Promise<ClientDetail> {
    await this.db.transaction(async (m) => {
      const before = await this.own(id, true);
      await updateRows(m, clientTable, columnsOf(body), 'id = {1}', [id]);
      await this.context.forClient(id, async () => {
        const oldContacts = await this.contacts.replaceAll(body.contacts);
        const data = diffFields(FIELD_TITLES, auditView(settingsOf(before), oldContacts), auditView(body, body.contacts));
        await this.audit.record({ employeeId: null, eventType: 'Client settings', actionType: 'update', description: `Client ${body.name} settings changed`, data });
      });
    });
    return this.detail(id);
  }
}

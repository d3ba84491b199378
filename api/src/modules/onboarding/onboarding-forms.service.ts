import { ClientCalendar } from '../../core/clock/client-calendar';
import { Injectable } from '@nestjs/common';
import { ZodValidationException } from 'nestjs-zod';
import { toIsoDate, toUsDate } from '../../contracts/formats';
import {
  isMaskedNumber,
  maskIdentityNumber,
  ZEeoRequest,
  ZI9Request,
  ZW4Request,
  type Eeo,
  type I9,
  type I9Documents,
  type W4,
} from '../../contracts/onboarding';
import { OnboardingMessages } from '../../contracts/onboarding';
import { centsToDecimal } from '../../contracts/engine/money';
import { AuditService } from '../../core/audit/audit.service';
import { anyChanged, auditChanges, type AuditedField } from '../../core/audit/field-changes';
import { RequestContext } from '../../core/context/request-context';
import { SecuredDataCipher } from '../../core/crypto/secured-data';
import { TenantDb } from '../../core/database/tenant-db';

interface EligibilityRow {
  work_eligibility_type: number;
  uscis_number_enc: string | null;
  i94_number_enc: string | null;
  passport_number_enc: string | null;
  issuance_country: string | null;
  expiration_date: string | null;
}

interface TaxRow {
  federal_filing_status: number;
  federal_withholding_allowance: number;
  federal_additional_withholding_cents: number;
  federal_exemption: boolean;
  exemption_year: number | null;
}

interface EeoRow {
  eeo_gender: number | null;
  eeo_race: number | null;
  eeo_job_category: number | null;
  eeo_military_status: number | null;
}

const I9_AUDIT: Record<string, AuditedField> = {
  workEligibilityType: { title: 'Work eligibility', kind: { option: 'workEligibilityType' } },
  uscisNumber: { title: 'USCIS number', kind: 'ssn' },
  i94Number: { title: 'I-94 number', kind: 'ssn' },
  passportNumber: { title: 'Passport number', kind: 'ssn' },
  issuanceCountry: { title: 'Country of issuance' },
  expirationDate: { title: 'Expiration date' },
};
const W4_AUDIT: Record<string, AuditedField> = {
  federalFilingStatus: { title: 'Filing status', kind: { option: 'w4FilingStatus' } },
  federalWithholdingAllowance: { title: 'Allowances' },
  federalAdditionalWithholding: { title: 'Additional amount withheld per paycheck' },
  federalExemption: { title: 'Claims exemption', kind: 'flag' },
};
const EEO_AUDIT: Record<string, AuditedField> = {
  eeoGender: { title: 'Gender', kind: { option: 'gender' } },
  eeoRace: { title: 'Race/ethnicity', kind: { option: 'eeoRace' } },
  eeoJobCategory: { title: 'Job category', kind: { option: 'eeoJobCategory' } },
  eeoMilitaryStatus: { title: 'Military status', kind: { option: 'eeoMilitaryStatus' } },
};

/** Form I-9's lists of acceptable documents, as the employee is shown them before confirming. */
const I9_DOCUMENTS: I9Documents = {
  note: OnboardingMessages.documentsNote,
  lists: [
    {
      title: 'List A',
      description: 'Documents that establish both identity and employment authorization (one of them)',
      documents: [
        'U.S. Passport or U.S. Passport Card',
        'Permanent Resident Card or Alien Registration Receipt Card (Form I-551)',
        'Foreign passport with a temporary I-551 stamp or printed notation',
        'Employment Authorization Document with a photograph (Form I-766)',
        'Foreign passport with Form I-94 showing authorized employment',
      ],
    },
    {
      title: 'List B',
      description: 'Documents that establish identity (one of them, together with one from List C)',
      documents: [
        "Driver's license or ID card issued by a State or outlying possession of the United States",
        'ID card issued by a federal, state or local government agency, with a photograph',
        'School ID card with a photograph',
        "Voter's registration card",
        'U.S. Military card or draft record',
      ],
    },
    {
      title: 'List C',
      description: 'Documents that establish employment authorization (one of them, together with one from List B)',
      documents: [
        'Social Security Account Number card without employment restrictions',
        'Certification of report of birth issued by the Department of State',
        'Original or certified copy of a birth certificate',
        'Employment authorization document issued by the Department of Homeland Security',
      ],
    },
  ],
};

/**
 * The employee's own Employment Eligibility (I-9), Tax Withholding (W-4) and EEO answers.
 * Identity numbers are sealed and answered masked; every change is audited with the
 * numbers masked, in the same transaction.
 */
@Injectable()
export class OnboardingFormsService {
  constructor(
    private readonly db: TenantDb,
    private readonly context: RequestContext,
    private readonly cipher: SecuredDataCipher,
    private readonly audit: AuditService,
    private readonly calendar: ClientCalendar,
  ) {}

  i9Documents(): I9Documents {
    return I9_DOCUMENTS;
  }

  async i9(employeeId: number = this.context.ownEmployeeId()): Promise<I9> {
    const row = await this.eligibilityRow(employeeId, false);
    return this.toI9(row);
  }

  async saveI9(body: unknown): Promise<I9> {
    const parsed = ZI9Request.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const req = parsed.data;
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async () => {
      const before = await this.eligibilityRow(employeeId, true);
      const clear = (sealed: string | null | undefined) => this.cipher.decrypt(sealed ?? null);
      // A mask sent back keeps the stored number (the form shows only masks).
      const keep = (value: string | null, sealed: string | null | undefined) => (value !== null && isMaskedNumber(value) ? clear(sealed) : value);
      const next = {
        workEligibilityType: req.workEligibilityType,
        uscisNumber: keep(req.uscisNumber, before?.uscis_number_enc),
        i94Number: keep(req.i94Number, before?.i94_number_enc),
        passportNumber: keep(req.passportNumber, before?.passport_number_enc),
        issuanceCountry: req.issuanceCountry,
        expirationDate: req.expirationDate,
      };
      const previous = before
        ? {
            workEligibilityType: before.work_eligibility_type,
            uscisNumber: clear(before.uscis_number_enc),
            i94Number: clear(before.i94_number_enc),
            passportNumber: clear(before.passport_number_enc),
            issuanceCountry: before.issuance_country,
            expirationDate: toUsDate(before.expiration_date),
          }
        : null;
      const changes = auditChanges(I9_AUDIT, previous, next);
      if (previous && !anyChanged(changes)) return this.toI9(before);
      await this.db.query(
        `INSERT INTO employee_eligibility (employee_id, client_id, work_eligibility_type, uscis_number_enc, i94_number_enc, passport_number_enc, issuance_country, expiration_date)
         VALUES ($1, $client, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (employee_id) DO UPDATE SET work_eligibility_type = EXCLUDED.work_eligibility_type, uscis_number_enc = EXCLUDED.uscis_number_enc,
           i94_number_enc = EXCLUDED.i94_number_enc, passport_number_enc = EXCLUDED.passport_number_enc, issuance_country = EXCLUDED.issuance_country,
           expiration_date = EXCLUDED.expiration_date, updated_at = now()`,
        [employeeId, next.workEligibilityType, this.cipher.encrypt(next.uscisNumber), this.cipher.encrypt(next.i94Number), this.cipher.encrypt(next.passportNumber), next.issuanceCountry, toIsoDate(next.expirationDate)],
      );
      await this.audit.record({ employeeId, eventType: 'Onboarding', actionType: previous ? 'update' : 'create', description: 'Employment eligibility (I-9) saved', data: changes.filter((c) => c.changed) });
      return this.toI9(await this.eligibilityRow(employeeId, false));
    });
  }

  async w4(employeeId: number = this.context.ownEmployeeId()): Promise<W4> {
    return this.toW4(await this.taxRow(employeeId, false));
  }

  async saveW4(body: unknown): Promise<W4> {
    const parsed = ZW4Request.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const req = parsed.data;
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async () => {
      const before = await this.taxRow(employeeId, true);
      const view = (r: { status: number; allowance: number; extraCents: number; exempt: boolean }) => ({
        federalFilingStatus: r.status,
        federalWithholdingAllowance: r.allowance,
        federalAdditionalWithholding: centsToDecimal(r.extraCents),
        federalExemption: r.exempt,
      });
      const exempt = req.federalExemption === '1';
      const previous = before ? view({ status: before.federal_filing_status, allowance: before.federal_withholding_allowance, extraCents: before.federal_additional_withholding_cents, exempt: before.federal_exemption }) : null;
      const changes = auditChanges(W4_AUDIT, previous, view({ status: req.federalFilingStatus, allowance: req.federalWithholdingAllowance, extraCents: req.federalAdditionalWithholdingCents, exempt }));
      if (previous && !anyChanged(changes)) return this.toW4(before);
      await this.db.query(
        `INSERT INTO employee_tax (employee_id, client_id, federal_filing_status, federal_withholding_allowance, federal_additional_withholding_cents, federal_exemption, exemption_year)
         VALUES ($1, $client, $2, $3, $4, $5, $6)
         ON CONFLICT (employee_id) DO UPDATE SET federal_filing_status = EXCLUDED.federal_filing_status, federal_withholding_allowance = EXCLUDED.federal_withholding_allowance,
           federal_additional_withholding_cents = EXCLUDED.federal_additional_withholding_cents, federal_exemption = EXCLUDED.federal_exemption,
           exemption_year = EXCLUDED.exemption_year, updated_at = now()`,
        [employeeId, req.federalFilingStatus, req.federalWithholdingAllowance, req.federalAdditionalWithholdingCents, exempt, exempt ? Number((await this.calendar.today()).slice(0, 4)) : null],
      );
      await this.audit.record({ employeeId, eventType: 'Onboarding', actionType: previous ? 'update' : 'create', description: 'Tax withholding (W-4) saved', data: changes.filter((c) => c.changed) });
      return this.toW4(await this.taxRow(employeeId, false));
    });
  }

  async eeo(employeeId: number = this.context.ownEmployeeId()): Promise<Eeo> {
    return this.toEeo(await this.eeoRow(employeeId, false));
  }

  async saveEeo(body: unknown): Promise<Eeo> {
    const parsed = ZEeoRequest.safeParse(body ?? {});
    if (!parsed.success) throw new ZodValidationException(parsed.error);
    const req = parsed.data;
    const employeeId = this.context.ownEmployeeId();
    return this.db.transaction(async () => {
      const before = await this.eeoRow(employeeId, true);
      const next = { eeoGender: req.eeoGender ?? null, eeoRace: req.eeoRace ?? null, eeoJobCategory: req.eeoJobCategory ?? null, eeoMilitaryStatus: req.eeoMilitaryStatus ?? null };
      const changes = auditChanges(EEO_AUDIT, before ? this.toEeo(before) : null, next);
      if (before && !anyChanged(changes)) return this.toEeo(before);
      await this.db.query(
        `INSERT INTO employee_eeo (employee_id, client_id, eeo_gender, eeo_race, eeo_job_category, eeo_military_status)
         VALUES ($1, $client, $2, $3, $4, $5)
         ON CONFLICT (employee_id) DO UPDATE SET eeo_gender = EXCLUDED.eeo_gender, eeo_race = EXCLUDED.eeo_race, eeo_job_category = EXCLUDED.eeo_job_category,
           eeo_military_status = EXCLUDED.eeo_military_status, updated_at = now()`,
        [employeeId, next.eeoGender, next.eeoRace, next.eeoJobCategory, next.eeoMilitaryStatus],
      );
      await this.audit.record({ employeeId, eventType: 'Onboarding', actionType: before ? 'update' : 'create', description: 'EEO answers saved', data: changes.filter((c) => c.changed) });
      return this.toEeo(await this.eeoRow(employeeId, false));
    });
  }

  /** Whether the step's answers were saved (the progress guards). */
  async has(table: 'employee_eligibility' | 'employee_tax' | 'employee_eeo', employeeId: number): Promise<boolean> {
    const rows = await this.db.query(`SELECT 1 FROM ${table} WHERE employee_id = $1 AND client_id = $client`, [employeeId]);
    return rows.length > 0;
  }

  private async eligibilityRow(employeeId: number, lock: boolean): Promise<EligibilityRow | null> {
    const rows = await this.db.query<EligibilityRow>(
      `SELECT work_eligibility_type, uscis_number_enc, i94_number_enc, passport_number_enc, issuance_country, expiration_date::text AS expiration_date
         FROM employee_eligibility WHERE employee_id = $1 AND client_id = $client${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    return rows[0] ?? null;
  }

  private async taxRow(employeeId: number, lock: boolean): Promise<TaxRow | null> {
    const rows = await this.db.query<TaxRow>(
      `SELECT federal_filing_status, federal_withholding_allowance, federal_additional_withholding_cents, federal_exemption, exemption_year
         FROM employee_tax WHERE employee_id = $1 AND client_id = $client${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    return rows[0] ?? null;
  }

  private async eeoRow(employeeId: number, lock: boolean): Promise<EeoRow | null> {
    const rows = await this.db.query<EeoRow>(
      `SELECT eeo_gender, eeo_race, eeo_job_category, eeo_military_status FROM employee_eeo WHERE employee_id = $1 AND client_id = $client${lock ? ' FOR UPDATE' : ''}`,
      [employeeId],
    );
    return rows[0] ?? null;
  }

  private toI9(r: EligibilityRow | null): I9 {
    return {
      workEligibilityType: r?.work_eligibility_type ?? null,
      uscisNumber: maskIdentityNumber(this.cipher.decrypt(r?.uscis_number_enc ?? null)),
      i94Number: maskIdentityNumber(this.cipher.decrypt(r?.i94_number_enc ?? null)),
      passportNumber: maskIdentityNumber(this.cipher.decrypt(r?.passport_number_enc ?? null)),
      issuanceCountry: r?.issuance_country ?? null,
      expirationDate: toUsDate(r?.expiration_date ?? null),
    };
  }

  private toW4(r: TaxRow | null): W4 {
    return {
      federalFilingStatus: r ? String(r.federal_filing_status) : null,
      federalWithholdingAllowance: r?.federal_withholding_allowance ?? null,
      federalAdditionalWithholding: r ? centsToDecimal(r.federal_additional_withholding_cents) : null,
      federalExemption: r?.federal_exemption ? '1' : '0',
      exemptionYear: r?.exemption_year ?? null,
    };
  }

  private toEeo(r: EeoRow | null): Eeo {
    return { eeoGender: r?.eeo_gender ?? null, eeoRace: r?.eeo_race ?? null, eeoJobCategory: r?.eeo_job_category ?? null, eeoMilitaryStatus: r?.eeo_military_status ?? null };
  }
}

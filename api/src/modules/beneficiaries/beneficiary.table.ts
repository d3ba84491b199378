import { SqlTable } from '../../core/database/sql-table';

/** A beneficiary an employee names. The SSN and tax id are stored sealed (see SecuredDataCipher); removal is a real delete. */
export interface BeneficiaryEntity {
  id: number;
  clientId: number;
  employeeId: number;
  relationshipId: number | null;
  relationshipTypeId: number;
  beneficiaryType: number;
  share: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  ssnEnc: string | null;
  /** A trust's, estate's or organization's tax id, sealed like an SSN. */
  taxIdEnc: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const beneficiaryTable = new SqlTable<BeneficiaryEntity>(
  'beneficiary',
  {
    id: { name: 'id', generated: true },
    clientId: 'client_id',
    employeeId: 'employee_id',
    relationshipId: 'relationship_id',
    relationshipTypeId: 'relationship_type_id',
    beneficiaryType: 'beneficiary_type',
    share: 'share',
    firstName: 'first_name',
    lastName: 'last_name',
    birthDate: { name: 'birth_date', date: true },
    ssnEnc: { name: 'ssn_enc', secret: true },
    taxIdEnc: { name: 'tax_id_enc', secret: true },
    createdAt: { name: 'created_at', generated: true },
    updatedAt: { name: 'updated_at', generated: true },
  },
  true,
  'updated_at',
);


import { SqlTable } from '../../core/database/sql-table';

/** A dependent of an employee. The SSN is stored sealed (see SecuredDataCipher); removal is soft. */
export interface DependentEntity {
  id: number;
  clientId: number;
  employeeId: number;
  /** Drawn from the employees' individual-id sequence, so one number names one person across both tables. */
  individualId: number;
  relationshipTypeId: number | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  maidenName: string | null;
  birthDate: string | null;
  gender: number | null;
  smoker: number | null;
  disabled: number;
  maritalStatusId: number | null;
  ssnEnc: string | null;
  email: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  dependentDifferentAddress: boolean;
  lastNameReasonId: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export const dependentTable = new SqlTable<DependentEntity>(
  'dependent',
  {
    id: { name: 'id', generated: true },
    clientId: 'client_id',
    employeeId: 'employee_id',
    individualId: { name: 'individual_id', generated: true },
    relationshipTypeId: 'relationship_type_id',
    firstName: 'first_name',
    middleName: 'middle_name',
    lastName: 'last_name',
    maidenName: 'maiden_name',
    birthDate: { name: 'birth_date', date: true },
    gender: 'gender',
    smoker: 'smoker',
    disabled: 'disabled',
    maritalStatusId: 'marital_status_id',
    ssnEnc: { name: 'ssn_enc', secret: true },
    email: 'email',
    address1: 'address1',
    address2: 'address2',
    city: 'city',
    state: 'state',
    zip: 'zip',
    country: 'country',
    dependentDifferentAddress: 'dependent_different_address',
    lastNameReasonId: 'last_name_reason_id',
    createdAt: { name: 'created_at', generated: true },
    updatedAt: { name: 'updated_at', generated: true },
    deletedAt: 'deleted_at',
  },
  true,
  'updated_at',
);


import { SqlTable } from '../../core/database/sql-table';

/** An employee record of a client. SSN and income are stored sealed (see SecuredDataCipher). */
export interface Employee {
  id: number;
  clientId: number;
  accountId: number | null;
  individualId: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  maidenName: string | null;
  email: string | null;
  groupId: number | null;
  employmentId: number | null;
  officeId: number | null;
  employmentType: number | null;
  title: string | null;
  incomeEnc: string | null;
  workHours: string | null;
  hireDate: string | null;
  birthDate: string | null;
  gender: number | null;
  smoker: number | null;
  maritalStatusId: number;
  ssnEnc: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string;
  officePhone: string | null;
  homePhone: string | null;
  cellPhone: string | null;
  officePhoneIndex: number | null;
  homePhoneIndex: number | null;
  cellPhoneIndex: number | null;
  terminationDate: string | null;
  terminated: boolean;
  cobra: boolean;
  newHire: boolean;
  eligibilityDate: string | null;
  eoi: boolean;
  enableOnboarding: boolean;
  midyearChangesData: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
}

export const employeeTable = new SqlTable<Employee>(
  'employee',
  {
    id: { name: 'id', generated: true },
    clientId: 'client_id',
    accountId: 'account_id',
    individualId: { name: 'individual_id', generated: true },
    firstName: 'first_name',
    middleName: 'middle_name',
    lastName: 'last_name',
    maidenName: 'maiden_name',
    email: 'email',
    groupId: 'group_id',
    employmentId: 'employment_id',
    officeId: 'office_id',
    employmentType: 'employment_type',
    title: 'title',
    incomeEnc: { name: 'income_enc', secret: true },
    workHours: 'work_hours',
    hireDate: { name: 'hire_date', date: true },
    birthDate: { name: 'birth_date', date: true },
    gender: 'gender',
    smoker: 'smoker',
    maritalStatusId: 'marital_status_id',
    ssnEnc: { name: 'ssn_enc', secret: true },
    address1: 'address1',
    address2: 'address2',
    zip: 'zip',
    city: 'city',
    state: 'state',
    country: 'country',
    officePhone: 'office_phone',
    homePhone: 'home_phone',
    cellPhone: 'cell_phone',
    officePhoneIndex: 'office_phone_index',
    homePhoneIndex: 'home_phone_index',
    cellPhoneIndex: 'cell_phone_index',
    terminationDate: { name: 'termination_date', date: true },
    terminated: 'terminated',
    cobra: 'cobra',
    newHire: 'new_hire',
    eligibilityDate: { name: 'eligibility_date', date: true },
    eoi: 'eoi',
    enableOnboarding: 'enable_onboarding',
    midyearChangesData: { name: 'midyear_changes_data', json: true },
    createdAt: { name: 'created_at', generated: true },
    updatedAt: { name: 'updated_at', generated: true },
  },
  true,
  'updated_at',
);


import { NotFoundException } from '@nestjs/common';
import {
  dependentCompleteness,
  lastNamesDiffer,
  RelationshipType,
  type Dependent,
  type DependentAddress,
  type DependentAddressRequest,
  type DependentRequest,
} from '../../contracts/dependents';
import { toIsoDate, toUsDate } from '../../contracts/formats';
import { Messages } from '../../contracts/messages';
import { OPTION_LISTS } from '../../contracts/option-lists';
import { PERSON_AUDIT_FIELDS, type AuditedField } from '../../core/audit/field-changes';
import { maskSsn } from '../../core/crypto/secured-data';
import type { DependentEntity } from './dependent.table';

/**
 * A dependent's household (what every rule needs of the employee and the client) and the pure mappings
 * between a dependent's row, its request, its audit view and the API's answers.
 */

/** What every dependent rule needs of the employee and the client. */
export interface Household {
  employeeId: number;
  firstName: string;
  lastName: string;
  address: Pick<DependentEntity, 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country'>;
  requireSsn: boolean;
  hideDocumentWarnings: boolean;
  /** The client's today (its time zone, the clock's), for the age rules of a child's SSN. */
  today: Date;
}

export interface HouseholdRow {
  id: number;
  first_name: string;
  last_name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string;
  require_ssn: boolean;
  hide_document_warnings: boolean;
  today: string;
}

/** The audit entry's fields, with the labels of the Add/Edit Dependent dialog. */
export const DEPENDENT_AUDIT_FIELDS: Record<string, AuditedField> = {
  relationshipTypeId: { title: 'Relationship', kind: { option: 'relationshipType' } },
  ...PERSON_AUDIT_FIELDS,
  disabled: { title: 'Totally disabled', kind: 'flag' },
  maritalStatusId: { title: 'Marital status', kind: { option: 'maritalStatus' } },
  ssn: { title: 'SSN', kind: 'ssn' },
  email: { title: 'Email' },
  dependentDifferentAddress: { title: 'Different home address', kind: 'flag' },
  address1: { title: 'Home address' },
  address2: { title: 'Apt Number/Unit/Etc.' },
  city: { title: 'City' },
  state: { title: 'State' },
  zip: { title: 'Zip code' },
  country: { title: 'Country' },
  lastNameReasonId: { title: 'Last name reason', kind: { option: 'lastNameReason' } },
};

export const ADDRESS_AUDIT_FIELDS: Record<string, AuditedField> = Object.fromEntries(
  (['dependentDifferentAddress', 'address1', 'address2', 'city', 'state', 'zip'] as const).map((k) => [k, DEPENDENT_AUDIT_FIELDS[k]!]),
);

const RELATIONSHIP_TEXT = new Map(OPTION_LISTS.relationshipType.map((o) => [o.id, o.text]));

export const employeeNotFound = () => new NotFoundException({ statusCode: 404, message: Messages.noEmployeeFound });
export const dependentNotFound = () => new NotFoundException({ statusCode: 404, message: Messages.noDependentFound });

type AddressFields = Pick<DependentEntity, 'dependentDifferentAddress' | 'address1' | 'address2' | 'city' | 'state' | 'zip' | 'country'>;

/** Without a different address the dependent lives at the employee's. */
export function addressOf(req: DependentAddressRequest, h: Household): AddressFields {
  if (!req.dependentDifferentAddress) return { dependentDifferentAddress: false, ...h.address };
  return {
    dependentDifferentAddress: true,
    address1: req.address1 ?? null,
    address2: req.address2 ?? null,
    city: req.city ?? null,
    state: req.state ?? null,
    zip: req.zip ?? null,
    country: h.address.country,
  };
}

/** The audited view of a dependent: clear SSN (the audit masks it), dates as on screen. */
export function auditView(d: Omit<DependentEntity, 'ssnEnc'>, ssn: string | null): Record<string, unknown> {
  return {
    relationshipTypeId: d.relationshipTypeId,
    firstName: d.firstName,
    middleName: d.middleName,
    lastName: d.lastName,
    maidenName: d.maidenName,
    birthDate: toUsDate(d.birthDate),
    gender: d.gender,
    smoker: d.smoker,
    disabled: d.disabled,
    maritalStatusId: d.maritalStatusId,
    ssn,
    email: d.email,
    dependentDifferentAddress: d.dependentDifferentAddress,
    address1: d.address1,
    address2: d.address2,
    city: d.city,
    state: d.state,
    zip: d.zip,
    country: d.country,
    lastNameReasonId: d.lastNameReasonId,
  };
}

export const relationText = (id: number | null) => (id === null ? 'dependent' : (RELATIONSHIP_TEXT.get(id) ?? 'dependent'));

/** The columns a request sets (the address follows the employee's unless it is different). */
export function valuesOf(req: DependentRequest, h: Household): Omit<DependentEntity, 'id' | 'clientId' | 'employeeId' | 'individualId' | 'ssnEnc' | 'createdAt' | 'updatedAt' | 'deletedAt'> {
  const child = req.relationshipTypeId === RelationshipType.Child;
  return {
    relationshipTypeId: req.relationshipTypeId,
    firstName: req.firstName,
    middleName: req.middleName ?? null,
    lastName: req.lastName,
    maidenName: req.maidenName ?? null,
    birthDate: toIsoDate(req.birthDate),
    gender: req.gender,
    smoker: req.smoker ?? null,
    disabled: child ? req.disabled : 0,
    maritalStatusId: req.maritalStatusId ?? null,
    email: req.email ?? null,
    ...addressOf(req, h),
    // A reason only means something for a child whose last name differs.
    lastNameReasonId: child && lastNamesDiffer(req.lastName, h.lastName) ? (req.lastNameReasonId ?? null) : null,
  };
}

/** A dependent as the API answers it, from its row and its clear SSN (answered masked, with its completeness). */
export function dependentView(d: DependentEntity, h: Household, ssn: string | null): Dependent {
  const address = d.dependentDifferentAddress ? d : h.address;
  const view = {
    id: d.id,
    individualId: d.individualId,
    relationshipTypeId: d.relationshipTypeId,
    relationshipType: d.relationshipTypeId === null ? null : (RELATIONSHIP_TEXT.get(d.relationshipTypeId) ?? null),
    firstName: d.firstName,
    middleName: d.middleName,
    lastName: d.lastName,
    maidenName: d.maidenName,
    birthDate: toUsDate(d.birthDate),
    gender: d.gender,
    smoker: d.smoker,
    disabled: d.disabled,
    maritalStatusId: d.maritalStatusId,
    email: d.email,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    country: d.country,
    dependentDifferentAddress: d.dependentDifferentAddress,
    lastNameReasonId: d.lastNameReasonId,
  };
  // Completeness sees the clear SSN (a placeholder is told apart from a real one ending in 0000); the answer only the mask.
  const completeness = dependentCompleteness(
    { ...view, ssn },
    { employeeLastName: h.lastName, requireSsn: h.requireSsn, hideDocumentWarnings: h.hideDocumentWarnings, today: h.today },
  );
  return { ...view, ssn: maskSsn(ssn), completeness };
}

/** A dependent's address as the Dependents step lists it. */
export function toAddress(d: DependentEntity, h: Household): DependentAddress {
  // Without a different address the employee's own is the dependent's (also for rows written before a move).
  const a = d.dependentDifferentAddress ? d : h.address;
  return {
    id: d.id,
    firstName: d.firstName,
    lastName: d.lastName,
    dependentDifferentAddress: d.dependentDifferentAddress,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    state: a.state,
    zip: a.zip,
  };
}

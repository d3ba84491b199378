import type { AppLoadContext } from '@remix-run/node';
import { ZCurrentUser, ZEmployeeProfile, type CurrentUser, type EmployeeProfile, type InProcessApiRequest, type InProcessApiResponse } from '@bp/api/contracts';
import { commitSession, createSignedInSession } from './session.server';

/**
 * For the unit specs of the site's server modules: the API as those modules reach it in process (the load
 * context's `api`), so a spec can make it answer a failure without a database or a network. Not imported by
 * the site itself.
 */

/** One answer: a status with a JSON body, or an Error thrown as when the API cannot be reached. */
export type StandInAnswer = { status: number; body?: unknown } | Error;

export interface StandInCall {
  method: InProcessApiRequest['method'];
  path: string;
  body: unknown;
}

/** Answers from a table keyed by 'METHOD /path' (with the query); an unlisted call answers 404. */
export function apiStandIn(answers: Record<string, StandInAnswer>): { context: AppLoadContext; calls: StandInCall[] } {
  const calls: StandInCall[] = [];
  const api = async (req: InProcessApiRequest): Promise<InProcessApiResponse> => {
    calls.push({ method: req.method, path: req.path, body: req.body === undefined ? undefined : JSON.parse(req.body) });
    const answer = answers[`${req.method} ${req.path}`] ?? { status: 404, body: { statusCode: 404, message: 'Not Found' } };
    if (answer instanceof Error) throw answer;
    return { status: answer.status, statusText: '', body: answer.body === undefined ? '' : JSON.stringify(answer.body) };
  };
  return { context: { api }, calls };
}

/** The API's error body for a status. */
export const apiError = (status: number, message = 'Internal server error', extra: Record<string, unknown> = {}): StandInAnswer => ({
  status,
  body: { statusCode: status, message, ...extra },
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token shaped like the API's (only its expiry is read by the site). */
export const standInToken = (): string => `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;

/** A browser request of a signed-in session to a site address ('/mbl/...'). */
export async function signedInRequest(path: string, init: RequestInit = {}): Promise<Request> {
  const cookie = (await commitSession(createSignedInSession(standInToken(), false))).split(';')[0]!;
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookie);
  return new Request(`http://site.test${path}`, { ...init, headers });
}

/** A registered employee of an open enrollment, as GET /me answers (checked against the contract). */
export function standInUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return ZCurrentUser.parse({
    id: 11,
    employeeId: 21,
    accountId: 11,
    firstName: 'Pat',
    lastName: 'Stand',
    middleName: null,
    agencyName: null,
    agencyLogo: null,
    agencyWebsite: null,
    clientName: 'Acme Corp',
    clientLogo: null,
    clientWebsite: null,
    openEnrollmentId: 1,
    openEnrollmentEndDate: '12/15/2026',
    openEnrollmentClosedDate: null,
    payPeriods: 26,
    payrollEnabled: false,
    payrollMethods: [],
    roleType: 0,
    registrationStep: 0,
    onboardingStep: 0,
    registrationStepCode: 'finished',
    cobra: false,
    impersonatingUserId: null,
    impersonationReason: null,
    testUser: false,
    passwordReset: false,
    securityQuestionReset: false,
    newHire: false,
    eligibilityDate: null,
    electionWindow: { open: true, why: 'open-enrollment', lastDay: '12/15/2026', daysLeft: 20 },
    today: '2026-11-25',
    authenticationMethod: 'email',
    eoi: false,
    eeoEnabled: false,
    enrollmentsEnabled: true,
    requireSsn: false,
    colorConfiguration: { headerColor: null, footerColor: null },
    enableOnboarding: false,
    links: [],
    i9Enabled: false,
    w4Enabled: false,
    workHoursRequired: false,
    censusChoices: { accessGroupIds: [], officeIds: [] },
    hideDocumentWarnings: false,
    maritalStatusId: 1,
    medicalEnrolled: false,
    unsignedChanges: false,
    midyearChangesData: null,
    enableMidyearChanges: false,
    mblPrivacyPolicyAgreement: true,
    privacyNotice: { revisionDate: null, mblUrl: null },
    isAuthenticated: true,
    isAgent: false,
    permissions: [],
    ...overrides,
  });
}

/** The employee's own record, as GET /employee answers (checked against the contract). */
export function standInEmployee(overrides: Partial<EmployeeProfile> = {}): EmployeeProfile {
  return ZEmployeeProfile.parse({
    id: 21,
    individualId: 31,
    firstName: 'Pat',
    middleName: null,
    lastName: 'Stand',
    maidenName: null,
    email: 'pat@acme.test',
    birthDate: '04/05/1990',
    gender: 1,
    smoker: 0,
    maritalStatusId: 2,
    ssn: 'XXX-XX-6790',
    address1: '1 Main Street',
    address2: null,
    zip: '02110',
    city: 'Boston',
    state: 'MA',
    country: 'US',
    officePhone: null,
    homePhone: null,
    cellPhone: '617-555-0101',
    officePhoneIndex: null,
    homePhoneIndex: null,
    cellPhoneIndex: 2,
    title: null,
    hireDate: '01/06/2020',
    employmentId: 1,
    employmentType: 1,
    officeId: null,
    groupId: null,
    workHours: null,
    newHire: false,
    eligibilityDate: null,
    ...overrides,
  });
}

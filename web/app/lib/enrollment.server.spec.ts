/// <reference types="jest" />
import { apiError, apiStandIn, standInToken, standInUser, type StandInAnswer } from './api-stand-in.testing';
import { EnrollmentMessages } from '@bp/api/contracts';
import { loadEnrollmentStep } from './enrollment.server';

const LISTS: Record<string, StandInAnswer> = {
  'GET /enrollments': { status: 200, body: [] },
  'GET /plans?includeCurrent=1': { status: 200, body: [] },
};

/** An HRA as GET /plans answers it (ZPlan), with what each case changes. */
function hra(overrides: { id: number; title: string; current: boolean; offered: boolean }) {
  return {
    planType: 'HRA',
    planTypeId: 19,
    carrier: 'FlexPoint Administrators',
    policyNumber: 'FPA-HRA',
    description: null,
    mblComment: null,
    effectiveDate: '01/01/2027',
    endDate: '12/31/2027',
    tierStructure: 2,
    tierOptions: [
      { value: 1, label: 'Single' },
      { value: 4, label: 'Family' },
    ],
    ageBandedRateType: 0,
    contributionType: '2',
    employerPaid: true,
    employerContributes: true,
    contributionAmount: '0.00',
    tiers: [],
    price: { tier: null, tierLabel: null, from: false, amount: '0.00', employerAmount: '0.00', annualAmount: '0.00', annualEmployerAmount: '0.00' },
    dependentMaxAge: null,
    domesticPartner: 3,
    restricted: 0,
    eligibilityDate: null,
    benefitAmount: null,
    guaranteedAmount: null,
    customFields: [],
    fileId: null,
    files: [],
    links: { medicalDirectory: null, rxDirectory: null, dentalDirectory: null, visionDirectory: null },
    hsaPlanId: null,
    employerHsaAmount: null,
    benefits: { kind: 'hra', description: 'Reimburses in-network deductible expenses.', familyAmount: '2000.00', singleAmount: '1000.00' },
    ...overrides,
  };
}

async function step(address: string, answers: Record<string, StandInAnswer>) {
  const { context, calls } = apiStandIn({ ...LISTS, ...answers });
  const url = new URL(`http://site.test/mbl${address}`);
  const data = await loadEnrollmentStep(url, standInUser(), { token: standInToken(), request: new Request(url), context });
  return { data, calls };
}

describe('loadEnrollmentStep: the plans', () => {
  afterEach(() => jest.restoreAllMocks());

  it('one call answers the offer and the plans of an earlier period she is still in', async () => {
    const { data, calls } = await step('/registration?step=4', {
      'GET /plans?includeCurrent=1': {
        status: 200,
        body: [
          hra({ id: 12, title: 'HRA 2027', current: false, offered: true }),
          hra({ id: 13, title: 'HRA 2027 Plus', current: true, offered: true }),
          hra({ id: 4, title: 'HRA 2026', current: true, offered: false }),
        ],
      },
    });
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/plans'))).toEqual(['/plans?includeCurrent=1']);
    expect(data.plans.map((p) => p.title)).toEqual(['HRA 2027', 'HRA 2027 Plus']);
    expect(data.previousPlans.map((p) => p.title)).toEqual(['HRA 2026']);
    expect(data.loadError).toBeNull();
  });

  it('the plans cannot be loaded: the step says so instead of offering nothing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { data } = await step('/registration?step=4', { 'GET /plans?includeCurrent=1': apiError(500) });
    expect(data.loadError).toBe(EnrollmentMessages.cannotFetchEnrollments);
    expect(data.plans).toEqual([]);
  });
});

describe('loadEnrollmentStep: a dialog that could not be opened', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['answers 500', apiError(500)],
    ['answers 404', apiError(404, 'Plan not found')],
    ['cannot be reached', new Error('connect ECONNREFUSED')],
  ])('the plan summary the API %s: no dialog, its toast, and the step still draws', async (_what, answer) => {
    const { data, calls } = await step('/registration?step=4&summary=5', { 'GET /plans/5': answer });
    expect(calls.map((c) => c.path)).toContain('/plans/5');
    expect(data.summary).toBeNull();
    expect(data.notice).toBe('Error, when trying to fetch plan info');
    expect(data.loadError).toBeNull();
  });

  it('no dialog asked: no toast', async () => {
    const { data } = await step('/registration?step=4', {});
    expect(data.notice).toBeNull();
    expect(data.summary).toBeNull();
  });
});

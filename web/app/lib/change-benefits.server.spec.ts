/// <reference types="jest" />
import type { MidyearChangesData } from '@bp/api/contracts';
import { apiStandIn, signedInRequest, standInUser } from './api-stand-in.testing';
import { loadChangeBenefits } from './change-benefits.server';

const DRAFT_AT_DATE: MidyearChangesData = { step: 2, eventType: 1, dependentId: null, effectiveDate: null, reasonId: null, coverageStarts: null, status: 'draft', proofFileId: null, rejectionReason: null };

async function open(path: string, at: Parameters<typeof loadChangeBenefits>[1], midyear: MidyearChangesData) {
  const { context } = apiStandIn({ 'GET /me': { status: 200, body: standInUser({ enableMidyearChanges: true, permissions: ['self:employee'] }) }, 'GET /midyear-changes': { status: 200, body: midyear } });
  const request = await signedInRequest(path);
  try {
    return await loadChangeBenefits({ request, context }, at);
  } catch (thrown) {
    return thrown;
  }
}

describe("Change Benefits: each step has its address, and the server's step decides which one shows", () => {
  it.each([
    ['the menu address', '/mbl/change-benefits', null, DRAFT_AT_DATE, '/change-benefits/date'],
    ['the menu address keeps its query', '/mbl/change-benefits?continue=1', null, DRAFT_AT_DATE, '/change-benefits/date?continue=1'],
    ["an earlier step's address (Back in the browser)", '/mbl/change-benefits/event?continue=1', 1, DRAFT_AT_DATE, '/change-benefits/date?continue=1'],
    ["a later step's address (an old bookmark)", '/mbl/change-benefits/review', 7, DRAFT_AT_DATE, '/change-benefits/date'],
    ['a signed change waiting for HR shows on the first step', '/mbl/change-benefits/date', 2, { ...DRAFT_AT_DATE, status: 'pending' }, '/change-benefits/event'],
    ['a returned change starts over on the first step', '/mbl/change-benefits?modify=1', null, { ...DRAFT_AT_DATE, status: 'rejected' }, '/change-benefits/event?modify=1'],
  ] as const)('%s is sent on to the server\'s step', async (_case, path, at, midyear, to) => {
    const res = await open(path, at, midyear);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get('Location')).toBe(to);
  });

  it("the server's own step is drawn there", async () => {
    const res = await open('/mbl/change-benefits/date?continue=1', 2, DRAFT_AT_DATE);
    expect(res).not.toBeInstanceOf(Response);
    expect(res).toMatchObject({ step: 2, askContinue: false, midyear: { eventType: 1 } });
  });
});

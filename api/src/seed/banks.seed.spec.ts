import { isValidRoutingNumber } from '../contracts/onboarding';
import { SEED_BANKS } from './banks.seed';

describe('the seeded banks', () => {
  it.each(SEED_BANKS.map((b) => [b.routingNumber, b.name]))('%s (%s) passes the ABA checksum', (routingNumber) => {
    expect(isValidRoutingNumber(routingNumber)).toBe(true);
  });
});

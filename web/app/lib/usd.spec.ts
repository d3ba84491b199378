/// <reference types="jest" />
import { usd } from './usd';

describe('usd', () => {
  it.each([
    ['1234.5', '$1,234.50'],
    ['1234.50', '$1,234.50'],
    ['0.5', '$0.50'],
    ['12', '$12.00'],
    ['1000000.00', '$1,000,000.00'],
    ['999.99', '$999.99'],
    ['-24.5', '-$24.50'],
    ['0', '$0.00'],
    [null, '$0.00'],
    [undefined, '$0.00'],
    ['', '$0.00'],
    ['not an amount', '$0.00'],
  ])('%j shows as %j', (amount, shown) => {
    expect(usd(amount)).toBe(shown);
  });
});

/// <reference types="jest" />
import { productName } from './env.server';

/** The product's display name is configurable (PRODUCT_NAME), and the working name when not configured. */
describe('productName', () => {
  const saved = process.env.PRODUCT_NAME;
  afterEach(() => {
    if (saved === undefined) delete process.env.PRODUCT_NAME;
    else process.env.PRODUCT_NAME = saved;
  });

  it('follows PRODUCT_NAME', () => {
    process.env.PRODUCT_NAME = 'Acme Benefits';
    expect(productName()).toBe('Acme Benefits');
    process.env.PRODUCT_NAME = '  Harbor Perks ';
    expect(productName()).toBe('Harbor Perks');
  });

  it.each([[undefined], [''], ['   ']])('PRODUCT_NAME %p: the working name, Benefits Portal', (value) => {
    if (value === undefined) delete process.env.PRODUCT_NAME;
    else process.env.PRODUCT_NAME = value;
    expect(productName()).toBe('Benefits Portal');
  });
});

const swc = require('./swc.config');
/** Journeys in headless Chromium against the built portal served by its own process on its own database. */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testRegex: 'test/browser/.*\\.journey\\.ts$',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  // Journeys compute authenticator codes with otplib, whose dependencies ship ES modules only.
  transformIgnorePatterns: require('./esm-only'),
  globalSetup: '<rootDir>/test/support/browser-global-setup.ts',
  globalTeardown: '<rootDir>/test/support/browser-global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 60000,
};

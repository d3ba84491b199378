const swc = require('./swc.config');
/** Journeys in headless Chromium against the built portal served by its own process on its own database. */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testRegex: 'test/browser/.*\\.journey\\.ts$',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  globalSetup: '<rootDir>/test/support/browser-global-setup.ts',
  globalTeardown: '<rootDir>/test/support/browser-global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 60000,
};

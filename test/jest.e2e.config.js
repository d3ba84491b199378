const swc = require('./swc.config');
/** The real app on a real PostgreSQL database (created and migrated for the run) and real Redis. */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testRegex: 'test/api/.*\\.e2e-spec\\.ts$',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  globalSetup: '<rootDir>/test/support/e2e-global-setup.ts',
  setupFiles: ['<rootDir>/test/support/e2e-env.ts'],
  maxWorkers: 1,
  testTimeout: 30000,
};

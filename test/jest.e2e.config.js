const swc = require('./swc.config');
/** The real app on a real PostgreSQL database (created and migrated for the run) and real Redis. */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testRegex: 'test/api/.*\\.e2e-spec\\.ts$',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  transformIgnorePatterns: require('./esm-only'),
  globalSetup: '<rootDir>/test/support/e2e-global-setup.ts',
  setupFiles: ['<rootDir>/test/support/e2e-env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/response-schemas.after.ts'],
  moduleNameMapper: { '^@bp/api/contracts$': '<rootDir>/api/src/contracts/index.ts', '^@bp/api/contracts/server$': '<rootDir>/api/src/contracts/server.ts', '^@bp/api/server$': '<rootDir>/api/src/server/index.ts', '^@bp/api/server/boot$': '<rootDir>/api/src/server/boot.ts' },
  maxWorkers: 1,
  // One worker process, not in band: each file builds a Nest app and the run's heap grew past 4 GB over 60 files,
  // until starting an app took more than 30 s; the worker is replaced once it idles above this.
  workerIdleMemoryLimit: '1536MB',
  // Starting an app and a workers module on a busy 2-core machine can take most of a minute.
  testTimeout: 90000,
};

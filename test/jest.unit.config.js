const swc = require('./swc.config');
/** Pure rules: no database, no network. */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/api/src/**/*.spec.ts', '<rootDir>/web/app/**/*.spec.ts', '<rootDir>/web/app/**/*.spec.tsx', '<rootDir>/workers/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  transformIgnorePatterns: require('./esm-only'),
  moduleNameMapper: { '^~/(.*)$': '<rootDir>/web/app/$1', '^@bp/api/contracts$': '<rootDir>/api/src/contracts/index.ts', '^@bp/api/contracts/server$': '<rootDir>/api/src/contracts/server.ts', '^@bp/api/server$': '<rootDir>/api/src/server/index.ts', '^@bp/api/server/boot$': '<rootDir>/api/src/server/boot.ts' },
};

const swc = require('./swc.config');
/** Checks of the production build itself (scripts/test.sh runs them right after `npm run build`). */
module.exports = {
  rootDir: '..',
  testEnvironment: 'node',
  testRegex: 'test/build/.*\\.spec\\.ts$',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
};

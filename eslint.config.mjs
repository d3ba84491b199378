import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** A boundaries policy: files of element type `from` may import only from the element types in `to`. */
const may = (from, to) => ({ from: { element: { type: from } }, allow: [{ to: { element: { types: { anyOf: to } } } }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'web/build/**', 'web/.cache/**', 'coverage/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'error',
    },
  },
  {
    // Nest injects by the runtime class: those imports must stay value imports for decorator metadata.
    files: ['api/src/**/*.ts', 'workers/src/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // nestjs-zod's own createZodDto documents bare nullable fields as arrays (see core/http/zod-dto.ts).
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/core/http/zod-dto.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'nestjs-zod', importNames: ['createZodDto'], message: 'Use createZodDto from core/http/zod-dto.' }] }],
    },
  },
  {
    // Which part of the code may import which: contracts are framework-free and stand alone, core knows no
    // feature, migrations carry their own data, the site reaches the API only through its contracts.
    files: ['api/src/**/*.ts', 'workers/src/**/*.ts', 'web/app/**/*.{ts,tsx}', 'migrations/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true } },
      'boundaries/include': ['api/src/**/*', 'workers/src/**/*', 'web/app/**/*', 'migrations/**/*'],
      'boundaries/elements': [
        { type: 'contracts', pattern: 'api/src/contracts' },
        { type: 'core', pattern: 'api/src/core' },
        { type: 'module', pattern: 'api/src/modules/*', capture: ['name'] },
        { type: 'workers', pattern: 'workers/src' },
        { type: 'site', pattern: 'web/app' },
        { type: 'migrations', pattern: 'migrations' },
        // The rest of api/src (app.module, main, bootstrap, the site host, the seed): first match wins, so last.
        { type: 'app', pattern: 'api/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            may('contracts', ['contracts']),
            may('core', ['core', 'contracts', 'migrations']),
            may('module', ['module', 'core', 'contracts']),
            // Sign-in and the signed forms do not reach into each other (registration progress sits between them).
            { from: { element: { type: 'module', captured: { name: 'auth' } } }, disallow: [{ to: { element: { type: 'module', captured: { name: 'forms' } } } }] },
            { from: { element: { type: 'module', captured: { name: 'forms' } } }, disallow: [{ to: { element: { type: 'module', captured: { name: 'auth' } } } }] },
            may('app', ['app', 'module', 'core', 'contracts', 'site']),
            may('workers', ['workers', 'app', 'module', 'core', 'contracts']),
            may('site', ['site', 'contracts']),
            may('migrations', ['migrations']),
          ],
        },
      ],
    },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The site's server code reports failures on stderr (the API side logs with pino).
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': ['error', { allow: ['error', 'warn'] }] },
  },
);

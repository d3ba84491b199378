import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: ['web/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The site's server code reports failures on stderr (the API side logs with pino).
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': ['error', { allow: ['error', 'warn'] }] },
  },
);

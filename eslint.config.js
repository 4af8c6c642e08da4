import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist*',
      'coverage',
      'test-results',
      'playwright-report',
      'artifacts',
      'functions/lib',
      'tools',
      // Vendored copies of the shared perf tools, kept byte for byte.
      'scripts/perf',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  // Served to the browser in place of Google's script.
  {
    files: ['tests/e2e-firebase/gapi-shim.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);

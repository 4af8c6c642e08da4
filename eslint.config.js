import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist*',
    'coverage',
    'test-results',
    'playwright-report',
    'artifacts',
    'functions/lib',
    'tools',
    // Vendored copies of the shared perf tools, kept byte for byte.
    'scripts/perf/bundle-size.mjs',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
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
  // The app's code gets the type-aware rules (floating promises, unsafe any, misused promises…),
  // with types from tsconfig.json through TypeScript's project service.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  // Served to the browser in place of Google's script.
  {
    files: ['tests/browser/firebase/gapi-shim.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);

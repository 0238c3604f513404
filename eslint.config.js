// ESLint 9 flat config. What each block checks and why: docs/tooling.md.
//
// Must stay the first import: typescript-eslint needs TypeScript's JavaScript API, which
// TypeScript 7 no longer ships; the hook points `require('typescript')` at TypeScript 6.0
// (the `typescript6` alias) inside this process only.
import './scripts/lint/typescript-js-api.cjs';

import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Type-aware rules (a TypeScript 6.0 program per tsconfig): `LINT_TYPED=1 npm run lint`. */
const typed = process.env.LINT_TYPED === '1';

/** Size and shape of functions in the product code: errors on new code. */
export const SIZE_RULES = {
  'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
  'max-depth': ['error', 4],
};
export const SIZE_FILES = ['server/**/*.ts', 'shared/**/*.ts', 'client/src/**/*.{ts,tsx}', 'client/scripts/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}', 'prisma/**/*.ts'];
/** The functions over the limits when the rules came (issue 31), per rule and file: warnings only. `node scripts/lint-size.mjs`. */
const sizeOffenders = JSON.parse(readFileSync(new URL('./scripts/lint/size-offenders.json', import.meta.url), 'utf8'));

export default tseslint.config(
  {
    ignores: ['node_modules/', 'data/', '.cache/', 'server/generated/', 'client/dist/', 'client/src/**/__generated__/', 'tests/e2e/screenshots/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  // Every file: JavaScript's recommended rules, then typescript-eslint's syntax-only set
  // (no type information needed, so it is fast and independent of the compiler version).
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberate (positional callback arguments, destructuring to omit).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Type-only imports stay distinguishable (the code already writes `import type` / `type X`).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },

  // Node: the server, scripts, seed, tests, configs.
  {
    files: ['server/**', 'scripts/**', 'prisma/**', 'tests/**', 'client/scripts/**', 'docs/examples/**', '*.{js,ts,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  // The browser client: hooks rules (React 19 / compiler-era set) and accessibility.
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.flat['recommended-latest'].rules,
  },
  {
    files: ['client/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },

  // Tests read GraphQL and legacy answers as untyped JSON (the assertions say what they expect);
  // typing every answer shape would add noise, not safety. Production code keeps the rule.
  {
    files: ['tests/**'],
    ignores: ['tests/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Size and shape (docs/tooling.md): errors, except in the files listed when the rules came.
  {
    files: SIZE_FILES,
    ignores: ['server/generated/**', 'client/src/**/__generated__/**'],
    rules: SIZE_RULES,
  },
  ...Object.entries(sizeOffenders).map(([rule, files]) => ({
    files: Object.keys(files),
    rules: { [rule]: ['warn', ...SIZE_RULES[rule].slice(1)] },
  })),

  // Module boundaries (module internals, module cycles, core -> modules) are checked by
  // scripts/check-boundaries.ts, which resolves every import to a file; see docs/tooling.md.

  // Opt-in type-aware rules (promises handled, no floating/misused async), see docs/tooling.md.
  ...(typed
    ? [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
          rules: {
            '@typescript-eslint/no-floating-promises': 'error',
            '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
            '@typescript-eslint/await-thenable': 'error',
          },
        },
      ]
    : []),
);

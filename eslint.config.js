// ESLint (flat config): `npm run lint`, run by .ci/run. The recommended rules of ESLint, typescript-eslint and React
// hooks, plus n/no-extraneous-import (every imported package is declared in package.json, issue 21 item 7).
// A rule is turned off or relaxed only with a comment saying why.
import js from '@eslint/js';
import n from 'eslint-plugin-n';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Build output, local data and study results, not sources.
    ignores: ['dist/', 'dist-server/', 'data/', 'ladder-results/', 'coverage/', 'docs/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { n },
    rules: {
      'n/no-extraneous-import': 'error',
      // `_` marks a name that is unused on purpose: a parameter an interface requires, or a field left out of an
      // object by destructuring it next to a rest element. Everything else unused is an error (tsc's
      // noUnusedLocals / noUnusedParameters say the same for TypeScript files).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // A `let` that a closure reads before its one assignment (a callback wired before the object it calls is
      // built) cannot become a `const` at its declaration.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Plain JavaScript run by Node (scripts, worker boots, this file): Node's globals, from eslint-plugin-n. (In
    // TypeScript files typescript-eslint turns no-undef off: the compiler checks names.)
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: n.configs['flat/recommended-module'].languageOptions.globals },
  },
  {
    files: ['src/**/*.tsx', 'src/ui/**/*.ts'],
    ...reactHooks.configs['recommended-latest'],
  },
  {
    // Migrations must not depend on today's schema types, so they take `Kysely<any>`, as Kysely's documentation
    // does for migrations.
    files: ['server/storage/*migration*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests and the load tools read JSON answers of many shapes and poke at private fields; `any` there is the
    // point of the code (the production code keeps the rule).
    files: ['tests/**', 'tools/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Browser/DOM globals that framework-free core code must not touch. */
const domGlobals = ['window', 'document', 'navigator', 'HTMLElement'].map((name) => ({
  name,
  message:
    'src/core is framework- and DOM-free (it runs on servers and in workers). Use feature-detected globalThis APIs instead.',
}));

/**
 * Import restrictions for a file `depth` directories below src/core.
 * @param {number} depth
 */
function coreImportRule(depth) {
  return {
    paths: [
      { name: 'react', message: 'src/core must not depend on React.' },
      { name: 'react-dom', message: 'src/core must not depend on React DOM.' },
      { name: 'framer-motion', message: 'src/core must not depend on UI libraries.' },
    ],
    patterns: [
      {
        group: ['react/*', 'react-dom/*', '@radix-ui/*', 'framer-motion/*'],
        message: 'src/core must not depend on React or UI libraries.',
      },
      {
        regex: `^(\\.\\./){${depth}}\\.\\.(/|$)`,
        message: 'src/core must not import from outside src/core (e.g. ../react/*).',
      },
    ],
  };
}

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'dist/',
    'demo/dist/',
    'bench/render/dist/',
    'storybook-static/',
    'coverage/',
    'test-results/',
    '**/.vitest-attachments/',
    '**/__screenshots__/',
    // Build output of the example apps when built in place (examples/<name>/).
    'examples/*/dist/',
    'examples/*/.next/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },

  // Node-side code: tooling config, scripts, benches.
  {
    files: ['*.{js,mjs,cjs,ts,mts}', 'scripts/**', 'bench/**', 'demo/server/**', 'demo/*.ts', 'test/demo/**', 'test/e2e/**', 'test/helpers/*.mjs', '.storybook/main.ts'],
    languageOptions: { globals: { ...globals.node } },
  },

  // React code.
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },

  // Framework-free core: no React, no UI libraries, no DOM, no reaching into
  // other layers. One block per directory depth, because "leaves src/core"
  // means a different number of `../` at each depth.
  ...[0, 1, 2, 3, 4, 5].map((depth) => ({
    files: [`src/core/${'*/'.repeat(depth)}*.{ts,tsx,js,jsx}`],
    rules: {
      'no-restricted-imports': ['error', coreImportRule(depth)],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  })),

  // Adapters are pure translators: no React, no UI, no DOM (they run on servers too).
  {
    files: ['src/adapters/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'src/adapters must not depend on React.' },
            { name: 'react-dom', message: 'src/adapters must not depend on React DOM.' },
          ],
          patterns: [
            { group: ['react/*', 'react-dom/*', '@radix-ui/*', 'framer-motion', 'framer-motion/*'], message: 'src/adapters must not depend on React or UI libraries.' },
            { regex: '^\\.\\./(react|styles)(/|$)', message: 'src/adapters may use src/core, never the React layer.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
]);

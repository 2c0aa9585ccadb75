// @ts-check
/**
 * The project's conventions, checked by `npm run lint` (and by .ci/run): zero findings.
 *
 * Layers (docs/CONVENTIONS.md): core/ (the generated contract and pure domain rules) at the
 * bottom; machines/ above it; the browser app (src/) above the machines; the server beside the
 * app. Imports point one way, and nowhere in a cycle.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**'];

/** Browser app folders that sit below the screens and the app shell. */
const APP_LOWER = ['src/api', 'src/lib', 'src/i18n', 'src/ui', 'src/viewer', 'src/ads', 'src/analytics'];

/** Globals that make code impure: time, storage and the network come from outside. */
const IMPURE_GLOBALS = [
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'localStorage',
  'sessionStorage',
  'fetch',
  'requestAnimationFrame',
].map((name) => ({ name, message: 'Effects, time and storage are provided from outside (docs/CONVENTIONS.md).' }));
const IMPURE_PROPERTIES = [
  { object: 'Date', property: 'now', message: 'Time is an injected clock (docs/CONVENTIONS.md).' },
  { object: 'window', property: 'localStorage', message: 'Storage goes through src/lib/storage.ts.' },
  { object: 'window', property: 'setTimeout', message: 'Time is an injected clock.' },
  { object: 'globalThis', property: 'localStorage', message: 'Storage goes through src/lib/storage.ts.' },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'dist-ssr/', 'data/', '.tmp/', 'core/gen/', 'public/', 'test-results/', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // React: the rules of hooks.
  { files: ['src/**/*.tsx', 'src/**/*.ts', 'console/**/*.tsx', 'console/**/*.ts'], ...reactHooks.configs.flat['recommended-latest'] },
  // Import direction between the layers, and no cycles.
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
    },
  },
  {
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './core',
              from: ['./machines', './src', './server', './tests', './bench', './scripts'],
              message: 'core/ is the bottom layer: it imports nothing of ours above it.',
            },
            { target: './machines', from: ['./src', './server', './tests', './bench'], message: 'machines/ import only core/ and xstate.' },
            {
              target: './server',
              from: ['./src', './machines', './tests', './bench'],
              message: 'The server imports core/, never browser app code.',
            },
            {
              target: './src',
              from: ['./server', './tests', './bench', './console'],
              message: 'The browser app never imports server, test or console code.',
            },
            {
              target: './console',
              from: ['./server', './tests', './bench', './src/app', './src/screens', './src/boot'],
              message: 'The console imports core/, machines/, src/ui, src/i18n and src/lib, never the reader app, the server or tests.',
            },
            ...APP_LOWER.map((dir) => ({
              target: `./${dir}`,
              from: ['./src/app', './src/screens', './src/boot'],
              message: `${dir} sits below the app shell, the screens and start-up code.`,
            })),
          ],
        },
      ],
    },
  },
  // Machines and the renderer are pure: effects, time and storage are provided from outside.
  {
    files: ['machines/**/*.ts', 'core/**/*.ts', 'src/viewer/renderer.ts', 'src/viewer/session/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-globals': ['error', ...IMPURE_GLOBALS],
      'no-restricted-properties': ['error', ...IMPURE_PROPERTIES],
    },
  },
  // Browser storage only through src/lib/storage.ts.
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [...TESTS, 'src/lib/storage.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Storage goes through src/lib/storage.ts.' },
        { name: 'sessionStorage', message: 'Storage goes through src/lib/storage.ts.' },
      ],
      'no-restricted-properties': ['error', ...IMPURE_PROPERTIES.filter((p) => p.property === 'localStorage')],
    },
  },
  // Command-line programs print.
  {
    files: ['bench/**', 'scripts/**', 'server/cli/**', 'server/main.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  // Tests may use what products may not.
  {
    files: TESTS,
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);

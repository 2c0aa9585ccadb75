// @ts-check
/**
 * The project's conventions, checked by `npm run lint` (and by .ci/run): zero findings.
 *
 * Layers (docs/CONVENTIONS.md): core/ (the generated contract and pure domain rules) at the
 * bottom; machines/ and web/ (the browser layer both apps share) above it; the reader (src/) and
 * the console (console/) above those, neither importing the other; the server beside them, on
 * core/ alone. Imports point one way, and nowhere in a cycle.
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
const APP_LOWER = ['src/api', 'src/lib', 'src/features', 'src/i18n', 'src/ui', 'src/viewer', 'src/ads', 'src/analytics'];

/**
 * The console's layers, bottom first: its API client and strings; its kit (ui/: generic pieces, the session
 * as screens see it, the access rule); its screens; its shell (app/: routes, the session machine, navigation,
 * frame) and entry. What a screen needs of the shell comes through the kit or in its props.
 */
const CONSOLE_LAYERS = [['api', 'i18n'], ['ui'], ['screens'], ['app', 'main.tsx']];

/**
 * The server's layers, bottom first: a module imports from its own layer and those below it, never
 * above (docs/CONVENTIONS.md, Server). lib/ and config: helpers of every layer; db/ and cluster/: the
 * database and the notices between nodes; content/: the demo's seeded randomness, copy and row shapes
 * (pure); repos/: the only SQL; images/: art, blobs and image URLs; catalog/: generation and import;
 * services/ and push/: computed answers and release notifications; plugins/; routes/; then the app,
 * and the programs that start it.
 */
const SERVER_LAYERS = [
  ['lib', 'config.ts'],
  ['db', 'cluster', 'mail'],
  ['content'],
  // The analyst's rollups and dashboards, written from the repositories' paths
  ['stats'],
  ['repos'],
  ['images'],
  ['catalog'],
  ['services', 'push', 'console'],
  ['plugins'],
  ['routes'],
  ['app.ts'],
  ['main.ts', 'cli'],
].map((layer) => layer.map((p) => `./server/${p}`));
const SERVER_ZONES = SERVER_LAYERS.slice(0, -1).flatMap((layer, i) =>
  layer.map((target) => ({
    target,
    from: SERVER_LAYERS.slice(i + 1).flat(),
    message: 'Server layers point down only (eslint.config.js SERVER_LAYERS, docs/CONVENTIONS.md): this imports a layer above.',
  })),
);

const SERVER_NO_CLOCK = {
  selector: "NewExpression[callee.name='Date'][arguments.length=0]",
  message: "The server's time is app.clock (server/lib/clock.ts): new Date(clock.now()).",
};
/** A Kysely query's first call: a select, insert, update, delete or merge on a table, or a CTE. */
const QUERY_STARTS = '/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)$/';
const SQL_MESSAGE = 'Only repositories build SQL: put the query in server/repos/ (docs/CONVENTIONS.md) and call it.';

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
  { object: 'window', property: 'localStorage', message: 'Storage goes through src/lib/storage/.' },
  { object: 'window', property: 'setTimeout', message: 'Time is an injected clock.' },
  { object: 'globalThis', property: 'localStorage', message: 'Storage goes through src/lib/storage/.' },
  { object: 'performance', property: 'now', message: 'Time is an injected clock (core/clock.ts).' },
  { object: 'window', property: 'performance', message: 'Time is an injected clock (core/clock.ts).' },
  { object: 'Math', property: 'random', message: 'Randomness is provided from outside: the same input gives the same result.' },
];
/** The clock read without one: new Date() with no argument (a date from an argument is fine), and Date() called as a function. */
const IMPURE_SYNTAX = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Time is an injected clock (core/clock.ts).' },
  { selector: "CallExpression[callee.name='Date']", message: 'Time is an injected clock (core/clock.ts).' },
];
/** Code whose time and effects come from outside: the machines, the pure rules, the viewer's session, renderer and gestures. */
const PURE_FILES = [
  'machines/**/*.ts',
  'core/**/*.ts',
  'src/viewer/session/**/*.ts',
  'src/viewer/renderer.ts',
  'src/viewer/cameraEase.ts',
  'src/viewer/frameLoop.ts',
  'src/viewer/doubleTap.ts',
  'src/viewer/useViewerGestures.ts',
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
              from: ['./machines', './web', './src', './console', './server', './tests', './bench', './scripts'],
              message: 'core/ is the bottom layer: it imports nothing of ours above it.',
            },
            {
              target: './machines',
              from: ['./web', './src', './console', './server', './tests', './bench'],
              message: 'machines/ import only core/ and xstate.',
            },
            {
              target: './web',
              from: ['./machines', './src', './console', './server', './tests', './bench'],
              message: 'web/, the browser layer both apps share, imports only core/ (and React): never an app, the server or tests.',
            },
            {
              target: './server',
              from: ['./machines', './web', './src', './console', './tests', './bench'],
              message: 'The server imports core/, never browser code (machines/, web/, src/, console/) or tests.',
            },
            {
              target: './src',
              from: ['./console', './server', './tests', './bench'],
              message: 'The reader (src/) imports core/, machines/ and web/: never the console, the server or tests.',
            },
            {
              target: './console',
              from: ['./src', './server', './tests', './bench'],
              message:
                "The console imports core/, machines/ and web/ (what it shares with the reader): never the reader's src/, the server or tests.",
            },
            ...SERVER_ZONES,
            ...APP_LOWER.map((dir) => ({
              target: `./${dir}`,
              from: ['./src/app', './src/screens', './src/boot'],
              message: `${dir} sits below the app shell, the screens and start-up code.`,
            })),
            ...CONSOLE_LAYERS.slice(0, -1).map((layer, i) => ({
              target: layer.map((p) => `./console/${p}`),
              from: CONSOLE_LAYERS.slice(i + 1)
                .flat()
                .map((p) => `./console/${p}`),
              message: 'Console layers point down only (eslint.config.js CONSOLE_LAYERS, docs/CONVENTIONS.md): this imports a layer above.',
            })),
          ],
        },
      ],
    },
  },
  // The server's time is its injected clock (server/lib/clock.ts: app.clock), so a test can set and move it;
  // randomness that matters is crypto's. Exceptions: the clock itself, and the programs that start a
  // server or run a command (main, cli/), which choose the machine's clock for what they build.
  {
    files: ['server/**/*.ts'],
    ignores: [...TESTS, 'server/lib/clock.ts', 'server/main.ts', 'server/cli/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: "The server's time is app.clock (server/lib/clock.ts), given to what reads it." },
        { object: 'Math', property: 'random', message: 'Not reproducible: use a seeded rng (demo content) or node:crypto (secrets).' },
      ],
      'no-restricted-syntax': ['error', SERVER_NO_CLOCK],
    },
  },
  // Only repositories build SQL (docs/CONVENTIONS.md): no query builder, no `sql` template and no kysely import
  // outside server/repos/, server/db/ (the connection, migrations, schema) and server/stats/ (the rollups' writers).
  // A service runs a write's steps in a transaction (`db.transaction()`) on repositories made on it.
  {
    files: ['server/**/*.ts'],
    ignores: [...TESTS, 'server/repos/**', 'server/db/**', 'server/stats/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: SQL_MESSAGE }] }],
      'no-restricted-syntax': [
        'error',
        SERVER_NO_CLOCK,
        { selector: `CallExpression[callee.property.name=${QUERY_STARTS}]`, message: SQL_MESSAGE },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
      ],
    },
  },
  // Browser storage only through src/lib/storage/ (browserStorage.ts alone touches it).
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [...TESTS, 'src/lib/storage/browserStorage.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Storage goes through src/lib/storage/.' },
        { name: 'sessionStorage', message: 'Storage goes through src/lib/storage/.' },
      ],
      'no-restricted-properties': ['error', ...IMPURE_PROPERTIES.filter((p) => p.property === 'localStorage')],
    },
  },
  // Machines, the pure rules and the viewer's session, renderer and gestures: effects, time and storage are
  // provided from outside. (After the storage block: a later block's rule replaces an earlier one's for the same file.)
  {
    files: PURE_FILES,
    ignores: TESTS,
    rules: {
      'no-restricted-globals': ['error', ...IMPURE_GLOBALS],
      'no-restricted-properties': ['error', ...IMPURE_PROPERTIES],
      'no-restricted-syntax': ['error', ...IMPURE_SYNTAX],
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

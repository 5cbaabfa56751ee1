// Lint rules that keep the architecture honest (architecture.md §3): imports flow one way,
// no cycles, kebab-case files, configuration read in one place only.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const serverModules = (() => {
  try {
    return readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/** Import direction between packages, and inside the web app: shared → features → app. */
const importZones = [
  // packages never import the apps; domain and contracts do no I/O and know no database
  { target: './packages', from: './apps', message: 'Packages must not import from apps.' },
  { target: './packages/domain', from: './packages/db', message: 'domain is pure: no database.' },
  {
    target: './packages/domain',
    from: './packages/contracts',
    message: 'domain does not depend on contracts.',
  },
  {
    target: './packages/contracts',
    from: './packages/db',
    message: 'contracts must not import the database.',
  },
  { target: './packages/db', from: './packages/contracts', message: 'db must not depend on contracts.' },
  // the apps never import each other
  { target: './apps/web', from: './apps/server', message: 'The web app must not import the server.' },
  { target: './apps/web', from: './packages/db', message: 'The web app must not import the database.' },
  { target: './apps/server', from: './apps/web', message: 'The server must not import the web app.' },
  // web: shared code does not know features or the app shell; features do not know the app shell
  ...['components', 'lib', 'config', 'styles'].map((shared) => ({
    target: `./apps/web/src/${shared}`,
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared web code must not import features or the app shell.',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features must not import the app shell.',
  },
  // the screens' primitives build on lib/, config/ and the button only (decision 012)
  {
    target: './apps/web/src/components/ui',
    from: './apps/web/src/components',
    except: ['./ui', './button'],
    message: 'components/ui imports only lib/, config/ and the button.',
  },
  // no feature imports another feature; no server module imports another module's internals
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature.',
  })),
  // the trading screens split by flow (decision 012): a flow imports its own folder and trading/shared only,
  // except the sell screen, which shows the scheduled sells of the fund it sells
  ...Object.entries({
    buy: [],
    sell: ['./scheduled-sell'],
    'scheduled-sell': [],
    'recurring-purchase': [],
    'monthly-deposit': [],
    'fund-list': [],
    shared: [],
  }).map(([flow, alsoFrom]) => ({
    target: `./apps/web/src/features/trading/${flow}`,
    from: './apps/web/src/features/trading',
    except: [...new Set([`./${flow}`, './shared', ...alsoFrom])],
    message: 'A trading flow imports only its own folder and trading/shared.',
  })),
  // the server's shared layers serve every module and so know none of them
  ...['plugins', 'errors', 'mail', 'logging', 'html', 'idempotency', 'audit', 'act-as', 'shared'].map(
    (shared) => ({
      target: `./apps/server/src/${shared}`,
      from: './apps/server/src/modules',
      message: 'Shared server code must not import a module.',
    }),
  ),
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: './apps/server/src/modules',
    except: [`./${module}`],
    message: 'A server module must not import another module; share through plugins, db or domain.',
  })),
];

// Decision 032: queries live in repositories (`*.repository.ts`, each method taking the transaction it runs
// in). drizzle-orm, and with it every `sql` template, may be imported only there and in the places below
// that legitimately build queries: the db package (schema, migrations, journal), tests and their kits (they
// arrange and read rows directly), the demo data (apps/server/src/demo writes a made-up history) and the
// benchmarks and scripts (they fill and measure a database).
const mayImportDrizzle = [
  'packages/db/**',
  '**/*.repository.ts',
  '**/*.test.{ts,tsx}',
  '**/test/**',
  'apps/server/src/demo/**',
  'bench/**',
  'scripts/**',
  'e2e/**',
  'test/**',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', 'packages/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        // eslint-plugin-import-x resolves TypeScript paths and workspace packages through this
        (await import('eslint-import-resolver-typescript')).createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,scripts,test}/**/': 'KEBAB_CASE' },
      ],
      // Configuration is parsed once (architecture.md §4.4): only config modules read the environment.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through the parsed config module, not process.env.',
        },
        {
          selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
          message: 'Read configuration through the parsed config module, not process.env.',
        },
        {
          selector: "MemberExpression[object.meta.name='import'][property.name='env']",
          message: 'Read configuration through src/config/env.ts, not import.meta.env.',
        },
      ],
    },
  },
  {
    // the few places allowed to read the environment: config parsers, tool configs, scripts and tests
    files: [
      'apps/server/src/config/**',
      'apps/web/src/config/**',
      'packages/db/src/cli/**',
      'packages/db/src/testing/**',
      'packages/db/drizzle.config.ts',
      'scripts/**',
      'bench/**',
      'e2e/**',
      'test/**',
      '{,apps/*/,packages/*/}*.config.{ts,js}',
      '**/*.test.{ts,tsx}',
      '**/test/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // queries only in repositories (decision 032; mayImportDrizzle above says who else may)
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: mayImportDrizzle,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Queries live in a *.repository.ts (decision 032).' }],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'Queries live in a *.repository.ts (decision 032).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);

// The lint rules that keep the architecture's directions (eslint.config.js, architecture.md §3–§5) refuse
// what they are there to refuse: each case is a file the rules would see in the tree.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The rules that fail `code` as the file `filePath` (relative to the repository). */
async function failedRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint refuses the forbidden directions', { timeout: 120_000 }, () => {
  it.each([
    ['apps/server/src/plugins/new-plugin.ts', 'a plugin'],
    ['apps/server/src/errors/new-error.ts', 'the errors layer'],
    ['apps/server/src/mail/new-mail.ts', 'the mailer'],
    ['apps/server/src/shared/new-helper.ts', 'the shared helpers'],
  ])('%s (%s) may not import a module', async (filePath) => {
    const code = "export * from '../modules/plans/plans.repository.ts';\n";
    expect(await failedRules(filePath, code)).toContain('import-x/no-restricted-paths');
  });

  it('a server module may not import another module', async () => {
    const code = "export * from '../plans/plans.repository.ts';\n";
    expect(await failedRules('apps/server/src/modules/trading/new-file.ts', code)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('a web feature may not import another feature, nor shared web code a feature', async () => {
    const code = "export * from '../../trading/fund-list/api/get-funds';\n";
    expect(await failedRules('apps/web/src/features/home/api/new-file.ts', code)).toContain(
      'import-x/no-restricted-paths',
    );
    const shared = "export * from '../../features/trading/fund-list/api/get-funds';\n";
    expect(await failedRules('apps/web/src/lib/api/new-file.ts', shared)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('the environment is read only by the config modules, also through destructuring', async () => {
    for (const code of [
      'export const port = process.env.PORT;\n',
      'const { env } = process;\nexport const port = env.PORT;\n',
    ]) {
      expect(await failedRules('apps/server/src/modules/trading/new-file.ts', code)).toContain(
        'no-restricted-syntax',
      );
    }
    expect(
      await failedRules('apps/web/src/lib/new-file.ts', 'export const mode = import.meta.env.MODE;\n'),
    ).toContain('no-restricted-syntax');
  });

  it('allows what the rules allow (a module importing its own files, a config module reading the environment)', async () => {
    expect(
      await failedRules(
        'apps/server/src/modules/plans/new-file.ts',
        "export * from './plans.repository.ts';\n",
      ),
    ).toEqual([]);
    expect(
      await failedRules('apps/server/src/config/new-file.ts', 'export const port = process.env.PORT;\n'),
    ).toEqual([]);
  });
});

// npm run operator -- create <operator-id> --name <name> [--email <address>] [--branch 001 ...]
// npm run operator -- disable <operator-id>
// npm run operator -- reset-password <operator-id>
// Against the configured database (DATABASE_URL, else the PGlite data directory; stop the server first
// when on PGlite), migrated first so it works on an empty production database. A temporary password is
// printed once; the operator chooses their own at the first sign-in. Each action is audited with the
// actor `command-line:<OS user>`.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { migrateDatabase } from '@fund/db';
import { commandConfig, fail, openCommandDatabase } from '../../../operations/command-line.ts';
import {
  createOperator,
  disableOperator,
  OperatorCommandRefused,
  resetOperatorPassword,
} from './operator-accounts.service.ts';

const usage = [
  'Usage: npm run operator -- create <operator-id> --name <name> [--email <address>] [--branch 001 ...]',
  '       npm run operator -- disable <operator-id>',
  '       npm run operator -- reset-password <operator-id>',
].join('\n');

const { values, positionals } = parseArgs({
  options: {
    name: { type: 'string' },
    email: { type: 'string' },
    branch: { type: 'string', multiple: true },
  },
  allowPositionals: true,
  strict: true,
});
const [command, loginId] = positionals;
if (command === undefined || loginId === undefined || positionals.length > 2) fail(usage);
if (command === 'create' && values.name === undefined) fail(usage);

const handle = await openCommandDatabase(commandConfig());
const actor = { actorId: `command-line:${userInfo().username}` };
try {
  await migrateDatabase(handle);
  if (command === 'create') {
    const created = await createOperator(handle.db, actor, {
      loginId,
      name: values.name ?? '',
      email: values.email ?? null,
      branchCodes: values.branch ?? [],
    });
    console.log(`Operator ${loginId} created (${created.operatorId}).`);
    console.log(
      `Temporary password (shown once; to be changed at the first sign-in): ${created.temporaryPassword}`,
    );
  } else if (command === 'disable') {
    await disableOperator(handle.db, actor, loginId, new Date());
    console.log(`Operator ${loginId} disabled: their sign-in is refused.`);
  } else if (command === 'reset-password') {
    const reset = await resetOperatorPassword(handle.db, actor, loginId);
    console.log(
      `Temporary password of ${loginId} (shown once; to be changed at the next sign-in): ${reset.temporaryPassword}`,
    );
  } else {
    fail(usage);
  }
} catch (error) {
  if (error instanceof OperatorCommandRefused) {
    process.exitCode = 1;
    process.stderr.write(`Refused: ${error.message}\n`);
  } else {
    throw error;
  }
} finally {
  await handle.close();
}

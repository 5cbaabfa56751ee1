// Vitest globalSetup of the root config: migrates one template database per test run, which every
// createTestDatabase() of the run copies instead of migrating its own (docs/decisions/029).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createPostgresTemplate,
  pgliteTemplateEnv,
  postgresTemplateEnv,
  writePgliteTemplate,
} from '@fund/db/testing';
import type { TestProject } from 'vitest/node';

/** Projects with no database tests; a run limited to them (`--project web`) skips building the template. */
const projectsWithoutDatabase = new Set(['web', 'domain', 'contracts']);

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const selected = project.globalConfig.project;
  if (selected.length > 0 && selected.every((name) => projectsWithoutDatabase.has(name))) return undefined;

  // the workers are started after this setup and inherit process.env, which is how they find the template
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl !== undefined && serverUrl !== '') {
    const template = await createPostgresTemplate(serverUrl);
    process.env[postgresTemplateEnv] = template.name;
    return async () => {
      delete process.env[postgresTemplateEnv];
      await template.drop();
    };
  }

  const directory = await mkdtemp(path.join(tmpdir(), 'fund-test-template-'));
  const file = path.join(directory, 'migrated-pglite.tar');
  await writePgliteTemplate(file);
  process.env[pgliteTemplateEnv] = file;
  return async () => {
    delete process.env[pgliteTemplateEnv];
    await rm(directory, { recursive: true, force: true });
  };
}

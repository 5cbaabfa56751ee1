import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from './config.ts';

const configurationDoc = readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');

describe('docs/configuration.md settings table', () => {
  it.each(configVariables.map((variable) => variable.name))('documents %s', (name) => {
    expect(configurationDoc).toMatch(new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm'));
  });
});

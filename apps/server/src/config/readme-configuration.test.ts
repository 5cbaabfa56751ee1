import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configVariables } from './config.ts';

const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

describe('README configuration table', () => {
  it.each(configVariables.map((variable) => variable.name))('documents %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm'));
  });
});

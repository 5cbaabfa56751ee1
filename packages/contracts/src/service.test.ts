import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serviceInfo } from './service.ts';

describe('service version', () => {
  it('matches the version in the root package.json, so a release bump cannot miss one of them', () => {
    const rootPackage = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(serviceInfo.version).toBe(rootPackage.version);
  });
});

import { fundFeedFormat, InboundPath } from '@fund/contracts';
import { jstInstant } from '@fund/domain';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { signedHeaders } from '../../plugins/signed-inbound.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { insertFund } from '../../jobs/test/batch-fixtures.ts';

const key = 'fund-feed-test-key-of-at-least-32-characters';
const now = jstInstant(2026, 11, 27, 18, 30);
const feed = JSON.stringify({
  format: fundFeedFormat,
  navs: [
    { fundCode: 'HTTPFEED', date: '2026-11-26', nav: '10100' },
    { fundCode: 'HTTPFEED', date: '2026-11-27', nav: '10150' },
  ],
});

describe('POST /inbound/fund-feed: the feed by a signed call', () => {
  let database: TestDatabase;
  let app: App;
  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: InboundPath.fundFeed,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFund(database, { code: 'HTTPFEED' });
    app = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: { FUND_FEED_KEYS: `${'n'.repeat(40)},${key}` },
      clock: { now: () => now },
    });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('fund-feed-call-unsigned-stale-or-signed-with-another-key-is-refused-401-and-imports-nothing', async () => {
    expect((await post(feed, {})).statusCode).toBe(401);
    const stale = signedHeaders(key, feed, new Date(Date.now() - 6 * 60_000));
    expect((await post(feed, stale)).json()).toMatchObject({
      code: '401-000',
      message: expect.stringContaining('stale-timestamp'),
    });
    expect((await post(feed, signedHeaders('x'.repeat(40), feed))).statusCode).toBe(401);
    // signed for another body
    expect((await post(feed.replace('10150', '10151'), signedHeaders(key, feed))).statusCode).toBe(401);
  });

  it('fund-feed-call-signed-with-any-key-of-the-list-imports-once-then-changes-nothing', async () => {
    const first = await post(feed, signedHeaders(key, feed));
    expect(first.statusCode).toBe(200);
    expect(first.json().navs).toEqual({ inserted: 2, unchanged: 0 });
    const again = await post(feed, signedHeaders(key, feed));
    expect(again.json().navs).toEqual({ inserted: 0, unchanged: 2 });
  });

  it('fund-feed-call-with-problems-is-answered-422-listing-each', async () => {
    const bad = JSON.stringify({
      format: fundFeedFormat,
      navs: [
        { fundCode: 'HTTPFEED', date: '2026-11-27', nav: '9999' },
        { fundCode: 'NOSUCHFD', date: '2026-11-27', nav: '10000' },
      ],
    });
    const response = await post(bad, signedHeaders(key, bad));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: '422-000',
      problems: [
        { where: 'navs[0]', problem: expect.stringContaining('stored as 10150') },
        { where: 'navs[1]', problem: expect.stringContaining('unknown fund NOSUCHFD') },
      ],
    });
    const notJson = 'format=fund-feed';
    const unreadable = await post(notJson, signedHeaders(key, notJson));
    expect(unreadable.statusCode).toBe(422);
  });
});

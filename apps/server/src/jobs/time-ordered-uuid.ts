import { randomUUID } from 'node:crypto';

/**
 * Time-ordered UUIDs (RFC 9562 version 7: 48-bit Unix milliseconds, then random bits) for the rows the
 * set-based batch steps insert by the thousand (journal entries and lines, debits, orders, audit rows).
 * Random (v4) keys put each new row of a chunk on a different leaf page of the primary-key index, so a
 * chunk dirties (and writes to the WAL) about one index page per row; time-ordered keys go to the right
 * edge of the index, a few pages per chunk. Ids made in the same millisecond stay in order: the 12 bits
 * after the version count them (the clock is moved on when they run out), so one process's ids ascend.
 */
let lastMilliseconds = 0;
let sequence = 0;

export function timeOrderedUuid(): string {
  let milliseconds = Date.now();
  if (milliseconds <= lastMilliseconds) {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMilliseconds += 1;
      sequence = 0;
    }
    milliseconds = lastMilliseconds;
  } else {
    lastMilliseconds = milliseconds;
    sequence = 0;
  }
  // the random part (and the variant bits) of a v4 UUID from node's pooled generator, behind the time
  const time = milliseconds.toString(16).padStart(12, '0');
  const random = randomUUID();
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${random.slice(19)}`;
}

/**
 * PostgreSQL array literals for the set-based batch statements: one text parameter per column, cast and
 * unnested in SQL (`unnest($1::uuid[], $2::bigint[], …)`), so a chunk of any size is one statement with a
 * fixed number of parameters.
 */

type Element = string | bigint | number | boolean | null | undefined;

function element(value: Element): string {
  if (value === null || value === undefined) return 'NULL';
  const text = String(value);
  if (!text.includes('\\') && !text.includes('"')) return `"${text}"`;
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** `{"a","b",NULL}`: every element quoted (so any text is safe), null and undefined as NULL. */
export function arrayLiteral(values: readonly Element[]): string {
  // the common case of a chunk (ids, amounts, dates: nothing to escape, no NULL) joined in one go: a chunk
  // makes dozens of these arrays of thousands of elements, and one string per element showed in profiles
  let plain = true;
  for (const value of values) {
    if (
      value === null ||
      value === undefined ||
      (typeof value === 'string' && (value.includes('"') || value.includes('\\')))
    ) {
      plain = false;
      break;
    }
  }
  if (plain) return values.length === 0 ? '{}' : `{"${values.join('","')}"}`;
  return `{${values.map(element).join(',')}}`;
}

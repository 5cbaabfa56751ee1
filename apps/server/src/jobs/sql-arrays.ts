/**
 * PostgreSQL array literals for the set-based batch statements: one text parameter per column, cast and
 * unnested in SQL (`unnest($1::uuid[], $2::bigint[], …)`), so a chunk of any size is one statement with a
 * fixed number of parameters.
 */

function element(value: string | bigint | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  const text = String(value);
  if (!text.includes('\\') && !text.includes('"')) return `"${text}"`;
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** `{"a","b",NULL}`: every element quoted (so any text is safe), null and undefined as NULL. */
export function arrayLiteral(
  values: readonly (string | bigint | number | boolean | null | undefined)[],
): string {
  return `{${values.map(element).join(',')}}`;
}

const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal (`{"a","b"}`) of text-like values (text, uuid, timestamptz), every
 * element quoted, `"` and `\` escaped, sent as one string parameter: node-postgres would otherwise
 * escape each element of each array parameter (thousands per batch) on its own.
 */
export function textArrayLiteral(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i] ?? '';
    out += `${i === 0 ? '' : ','}"${NEEDS_ESCAPE.test(v) ? v.replace(/["\\]/g, (c) => `\\${c}`) : v}"`;
  }
  return `${out}}`;
}

/** An array literal of integers (`{1,2,3}`). */
export function intArrayLiteral(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

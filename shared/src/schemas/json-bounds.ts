import type { ErrorDetail } from '../errors/details';

/**
 * Bounds on one JSON value a client sends as mutation args (push and REST alike), checked before
 * any schema runs: the walk is iterative, so a 5,000-deep nesting costs a loop, not the stack.
 */
export const JSON_BOUNDS = {
  /** Deepest legitimate args (a restore preview's social links) nest 6 levels. */
  maxDepth: 16,
  /** As a REST body (MAX_BODY_BYTES, 256 KiB): one mutation holds what one REST request may. */
  maxBytes: 256 * 1024,
} as const;

type Frame = { value: unknown; depth: number };

function tooDeep(value: unknown, maxDepth: number): boolean {
  const stack: Frame[] = [{ value, depth: 0 }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (typeof frame.value !== 'object' || frame.value === null) continue;
    const depth = frame.depth + 1;
    if (depth > maxDepth) return true;
    for (const child of Object.values(frame.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
    }
  }
  return false;
}

/**
 * The path (`blocks.0.title`) of the first string, or object key, holding U+0000, or null.
 * PostgreSQL stores no NUL in text or jsonb: such a value must be refused at the door, not fail
 * in the database.
 */
export function nulCharacterPath(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const at = frame.path;
    if (typeof frame.value === 'string') {
      if (frame.value.includes('\u0000')) return at === '' ? 'body' : at;
      continue;
    }
    if (typeof frame.value !== 'object' || frame.value === null) continue;
    for (const [key, child] of Object.entries(frame.value)) {
      const path = at === '' ? key : `${at}.${key}`;
      if (key.includes('\u0000')) return path;
      stack.push({ value: child, path });
    }
  }
  return null;
}

/** The detail that refuses a value holding U+0000 (see nulCharacterPath), or null. */
export function nulCharacterIssue(value: unknown): ErrorDetail | null {
  const field = nulCharacterPath(value);
  return field === null
    ? null
    : {
        field,
        issue: 'invalid_character',
        message: 'Contains a NUL character (U+0000), which is not allowed.',
      };
}

function byteLength(value: unknown): number {
  const text = JSON.stringify(value) ?? '';
  return new TextEncoder().encode(text).length;
}

/** The detail that refuses `value`, or null when it is within the bounds. */
export function jsonBoundsIssue(
  value: unknown,
  bounds: { maxDepth: number; maxBytes: number } = JSON_BOUNDS,
): ErrorDetail | null {
  if (tooDeep(value, bounds.maxDepth))
    return {
      field: 'body',
      issue: 'too_deep',
      maximum: bounds.maxDepth,
      message: `Nested deeper than ${bounds.maxDepth} levels.`,
    };
  const nul = nulCharacterIssue(value);
  if (nul) return nul;
  const bytes = byteLength(value);
  if (bytes > bounds.maxBytes)
    return {
      field: 'body',
      issue: 'too_big',
      maximum: bounds.maxBytes,
      message: `Larger than ${Math.round(bounds.maxBytes / 1024)} KB.`,
    };
  return null;
}

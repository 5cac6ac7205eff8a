import type { z } from 'zod';
import type { ErrorDetail } from './details';

type Issue = z.core.$ZodIssue;

/** `["a", "b", 0]` → `"a.b.0"`; the root is `"body"`. */
function fieldOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'body';
  return path.map((part) => (typeof part === 'symbol' ? (part.description ?? '') : String(part))).join('.');
}

function isMissing(issue: Issue): boolean {
  if (issue.code !== 'invalid_type') return false;
  if ('input' in issue) return issue.input === undefined;
  return issue.message.endsWith('received undefined');
}

function customIssueName(issue: Issue): string {
  const params: unknown = issue.code === 'custom' ? issue.params : undefined;
  if (
    typeof params === 'object' &&
    params !== null &&
    'issue' in params &&
    typeof params.issue === 'string'
  ) {
    return params.issue;
  }
  return 'invalid';
}

function detailOf(issue: Issue): ErrorDetail {
  const field = fieldOf(issue.path);
  const message = issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue)
        ? { field, issue: 'required', message }
        : { field, issue: 'invalid_type', expected: issue.expected, message };
    case 'too_small':
      return { field, issue: 'too_small', minimum: Number(issue.minimum), message };
    case 'too_big':
      return { field, issue: 'too_big', maximum: Number(issue.maximum), message };
    case 'invalid_format':
      return { field, issue: 'invalid_format', format: issue.format, message };
    case 'invalid_value':
      return { field, issue: 'invalid_value', allowed: issue.values.map((v) => String(v)), message };
    case 'not_multiple_of':
      return { field, issue: 'not_multiple_of', divisor: Number(issue.divisor), message };
    case 'custom':
      return { field, issue: customIssueName(issue), message };
    case 'invalid_union':
      // A discriminated union whose discriminator matched no option.
      return { field, issue: 'invalid_value', message };
    default:
      return { field, issue: issue.code, message };
  }
}

/**
 * One details entry per bad field (docs/product-rules.md#errors): `{field: "a.b", issue, message, ...}`. Unknown keys
 * become one entry each (`issue: "unrecognized_key"`); a field that fails twice is reported once
 * (its first failure), so a client can map entries one-to-one onto form fields.
 */
export function zodIssuesToDetails(error: z.ZodError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const push = (detail: ErrorDetail): void => {
    if (seen.has(detail.field)) return;
    seen.add(detail.field);
    details.push(detail);
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        push({
          field: fieldOf([...issue.path, key]),
          issue: 'unrecognized_key',
          message: `Unknown field "${key}".`,
        });
      }
    } else if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the branch closest to matching (fewest issues), so the client sees real fields.
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      if (best.length === 0)
        push({ field: fieldOf(issue.path), issue: 'invalid_value', message: issue.message });
      for (const inner of best) push(detailOf({ ...inner, path: [...issue.path, ...inner.path] }));
    } else {
      push(detailOf(issue));
    }
  }
  return details;
}

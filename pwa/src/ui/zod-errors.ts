import type { z } from 'zod';

/** The first issue per top-level field, for showing beside the inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    const top = key.split('.')[0] ?? key;
    out[top] ??= issue.message;
    out[key] ??= issue.message;
  }
  return out;
}

export function copyText(text: string): Promise<boolean> {
  return navigator.clipboard?.writeText(text).then(() => true, () => false) ?? Promise.resolve(false);
}

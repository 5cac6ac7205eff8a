import type { z } from 'zod';
import { zodIssuesToDetails } from '../errors/zod-details';

/** The `[field, issue]` pairs a client would receive for this input, or [] when it parses. */
export function problems(schema: z.ZodType, input: unknown): [string, string][] {
  const result = schema.safeParse(input);
  return result.success ? [] : zodIssuesToDetails(result.error).map((d) => [d.field, d.issue]);
}

import { z } from 'zod';

/**
 * A dashboard filter value: up to 255 characters (the longest stored value), '' for "unknown"; no
 * NUL (no stored text holds one). Apart from dashboard.ts so the editor's analytics chunk loads no zod.
 */
export const filterValueSchema = z
  .string()
  .max(255)
  .refine((v) => !v.includes('\u0000'), {
    message: 'A filter value cannot contain a NUL character.',
    params: { issue: 'invalid_character' },
  });

import { describe, expect, it } from 'vitest';
import { apiErrorDetailSchema } from './api-error-detail';

/** The envelope's `details` as the editor reads them: what it understands, and nothing that breaks it. */
describe('apiErrorDetailSchema', () => {
  it('keeps the field, the issue and the numbers an error message quotes', () => {
    expect(apiErrorDetailSchema.parse({ field: 'slug', issue: 'too_long', maximum: 50 })).toEqual({
      field: 'slug',
      issue: 'too_long',
      maximum: 50,
    });
  });

  it('a value of the wrong kind is dropped, not a failed parse (a newer server may say more)', () => {
    const parsed = apiErrorDetailSchema.parse({
      field: 3,
      issue: 'x',
      maximum: 'fifty',
      allowed: ['a', 1],
      extra: true,
    });
    expect(parsed).toEqual({ issue: 'x' });
  });
});

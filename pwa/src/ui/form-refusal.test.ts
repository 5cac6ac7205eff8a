import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { codeSentence, detailSentence } from './error-messages';
import { formRefusal } from './form-refusal';

describe('formRefusal: a server refusal shown once', () => {
  const unsafe = { field: 'url', issue: 'unsafe_destination', message: 'This destination is not allowed.' };

  it('puts a detail on a shown field beside its input only', () => {
    const refusal = formRefusal(new ApiError(422, 'validation_failed', 'The request is invalid.', [unsafe]), [
      'url',
      'description',
    ]);
    expect(refusal.fields.url).toBe(detailSentence(unsafe));
    expect(refusal.message).toBe('');
  });

  it('says a detail on no shown field, or a refusal without details, above the button', () => {
    const elsewhere = formRefusal(
      new ApiError(422, 'validation_failed', 'The request is invalid.', [{ ...unsafe, field: 'secret' }]),
      ['url'],
    );
    expect(elsewhere.fields).toEqual({});
    expect(elsewhere.message).toBe(detailSentence({ ...unsafe, field: 'secret' }));
    const plain = formRefusal(new ApiError(403, 'insufficient_role', '', []), ['url']);
    expect(plain).toEqual({ fields: {}, message: codeSentence('insufficient_role') });
  });
});

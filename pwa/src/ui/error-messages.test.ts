import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODE_LIST } from '@linkhub/shared/errors/codes';
import { LOCAL_DESTINATION_MESSAGE, slugSchema, urlSchema } from '@linkhub/shared/schemas/common';
import { updateWorkspaceSettingsArgs } from '@linkhub/shared/mutators/workspace';
import { ApiError } from '../api/api-error';
import { apiFieldErrors, codeSentence, errorText, fieldErrors } from './error-messages';

const rawCode = /\b[a-z]+_[a-z_]+\b|[{}[\]]/;

describe('errors in words (17.11)', () => {
  it('says what a slug may hold, not only that a character is not allowed', () => {
    const tooLong = z.object({ slug: slugSchema }).safeParse({ slug: 'a'.repeat(300) });
    expect(tooLong.success).toBe(false);
    if (tooLong.success) return;
    expect(fieldErrors(tooLong.error)['slug']).toBe(
      'Short link ending: use 1–64 lower-case letters, digits and hyphens.',
    );
  });

  it('says a local or IP destination cannot be used, and asks for a full address otherwise', () => {
    const schema = z.object({ destination_url: urlSchema });
    const errorsOf = (destination_url: string) => {
      const parsed = schema.safeParse({ destination_url });
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    expect(errorsOf('http://localhost:3000/')).toEqual({ destination_url: LOCAL_DESTINATION_MESSAGE });
    expect(errorsOf('http://10.0.0.7/admin')).toEqual({ destination_url: LOCAL_DESTINATION_MESSAGE });
    expect(errorsOf('example.com')).toEqual({
      destination_url: 'Enter a full web address, such as https://example.com.',
    });
  });

  it('says the password rule, not "(password: too_small)"', () => {
    const refused = new ApiError(400, 'validation_failed', 'The request is invalid.', [
      {
        field: 'password',
        issue: 'too_small',
        minimum: 12,
        message: 'Too small: expected string to have >=12 characters',
      },
    ]);
    expect(errorText(refused)).toBe('Password must be at least 12 characters.');
    expect(apiFieldErrors(refused)).toEqual({ password: 'Password must be at least 12 characters.' });
  });

  it('says a name of blanks is required, not "must be at least 1."', () => {
    const refused = new ApiError(400, 'validation_failed', 'The request is invalid.', [
      { field: 'name', issue: 'too_small', minimum: 1, message: 'must not be empty' },
    ]);
    expect(errorText(refused)).toBe('Name is required.');
  });

  it('turns an invalid time zone from the mutator into a sentence, not JSON', () => {
    const parsed = updateWorkspaceSettingsArgs.safeParse({
      workspace_id: '00000000-0000-4000-8000-000000000000',
      time_zone: 'Mars/Olympus',
    });
    expect(parsed.success).toBe(false);
    const text = errorText(parsed.error);
    expect(text).toBe('Time zone must be a name such as Europe/Berlin or UTC.');
  });

  it('the same words for the editor’s own zod check', () => {
    const schema = z.object({ password: z.string().min(12), email: z.email() });
    const parsed = schema.safeParse({ password: 'short', email: 'nope' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toEqual({
      password: 'Password must be at least 12 characters.',
      email: 'Enter a valid email address.',
    });
  });

  it('has a sentence for every envelope code, none showing the code', () => {
    for (const code of ERROR_CODE_LIST) {
      const sentence = codeSentence(code);
      expect(sentence, code).toMatch(/^[A-Z].*[.!?]$/);
      expect(sentence, code).not.toMatch(rawCode);
      expect(errorText(new ApiError(400, code, '', [])), code).toBe(sentence);
    }
  });

  it('keeps the server’s specific sentence, replaces its defaults and hides 500 internals', () => {
    expect(
      errorText(new ApiError(429, 'rate_limited', 'Too many failed sign-in attempts. Try again later.', [])),
    ).toBe('Too many failed sign-in attempts. Try again later.');
    expect(errorText(new ApiError(401, 'unauthenticated', 'Sign in to continue.', []))).toBe(
      codeSentence('unauthenticated'),
    );
    expect(errorText(new ApiError(500, 'internal_error', 'db exploded at line 4', []))).toBe(
      codeSentence('internal_error'),
    );
    expect(errorText(new ApiError(502, 'http_error', '', []))).toBe(codeSentence('internal_error'));
    expect(errorText(new Error('{"code":"too_small"}'))).not.toMatch(rawCode);
    expect(errorText(new Error('some_raw_code'))).not.toMatch(rawCode);
  });

  it('names unknown issue codes by their field, never the code', () => {
    const text = errorText(
      new ApiError(400, 'validation_failed', 'The request is invalid.', [
        { field: 'rules.0.weird_thing', issue: 'brand_new_issue' },
      ]),
    );
    expect(text).toBe('Weird thing is not valid.');
  });
});

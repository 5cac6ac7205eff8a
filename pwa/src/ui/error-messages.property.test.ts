import { expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { ApiError } from '../api/api-error';
import { errorText } from './error-messages';

const code = fc.stringMatching(/^[a-z]{2,8}(_[a-z]{2,8}){1,3}$/);
const field = fc.stringMatching(/^[a-z]{1,8}(_[a-z]{1,8})?(\.[0-9])?$/);
const zodDefault = fc.constantFrom(
  undefined,
  'Invalid input',
  'Too small: expected string to have >=3 characters',
  '{"a":1}',
);

test.prop([code, code, field, zodDefault])(
  'a refusal never shows its codes or JSON, and is one or more sentences',
  (envelopeCode, issue, name, message) => {
    const text = errorText(new ApiError(400, envelopeCode, '', [{ field: name, issue, message }]));
    expect(text).not.toContain(envelopeCode);
    expect(text).not.toContain(issue);
    expect(text).not.toMatch(/[{}]/);
    expect(text).toMatch(/^[A-Z].*[.!?]$/);
  },
);

const inherited = fc.constantFrom('constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__');

test.prop([fc.oneof(code, inherited), fc.oneof(code, inherited), fc.oneof(field, inherited)])(
  "a code, issue or field named like an object's own method reads as words, never as a function",
  (envelopeCode, issue, name) => {
    const text = errorText(new ApiError(400, envelopeCode, '', [{ field: name, issue }]));
    expect(typeof text).toBe('string');
    expect(text).not.toMatch(/function|native code|\[object/i);
    expect(text).toMatch(/^[A-Z].*[.!?]$/);
  },
);

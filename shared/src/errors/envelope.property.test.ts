import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { toErrorEnvelope } from './envelope';

test.prop([fc.anything(), fc.string()])(
  'any thrown value becomes the one envelope with an array of details',
  (thrown, requestId) => {
    const { status, body } = toErrorEnvelope(thrown, requestId);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
    expect(Array.isArray(body.error.details)).toBe(true);
    expect(body.error.request_id).toBe(requestId);
  },
);

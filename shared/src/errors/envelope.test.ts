import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  AuthorizationError,
  ConflictError,
  EntitlementError,
  NotFoundError,
  RateLimitError,
  ValidationError,
  appErrorFor,
} from './app-error';
import { ERROR_CODES, ERROR_CODE_LIST } from './codes';
import { ErrorEnvelopeSchema, toErrorEnvelope, zodIssuesToDetails } from './envelope';

describe('toErrorEnvelope', () => {
  it('keeps an AppError code, status, message and details, with the request id', () => {
    const error = new EntitlementError('plan_limit_reached', {
      message: 'This workspace has reached its bio page limit.',
      details: [
        { field: 'bio_pages', issue: 'limit_reached', limit: 10, current: 10, plan: 'pro', kind: 'count' },
      ],
    });
    const { status, body } = toErrorEnvelope(error, 'req_1');
    expect(status).toBe(403);
    expect(body).toEqual({
      error: {
        code: 'plan_limit_reached',
        message: 'This workspace has reached its bio page limit.',
        details: [
          { field: 'bio_pages', issue: 'limit_reached', limit: 10, current: 10, plan: 'pro', kind: 'count' },
        ],
        request_id: 'req_1',
      },
    });
  });

  it('always sends details as an array, even when the error has none', () => {
    const { status, body } = toErrorEnvelope(new NotFoundError(), 'req_2');
    expect(status).toBe(404);
    expect(body.error.details).toEqual([]);
    expect(ErrorEnvelopeSchema.safeParse(body).success).toBe(true);
  });

  it('turns an unknown throw into 500 internal_error without leaking its message or stack', () => {
    const leaked = new Error('relation "users" does not exist at /srv/app/db.ts:12');
    for (const thrown of [leaked, 'a string', null, { weird: true }]) {
      const { status, body } = toErrorEnvelope(thrown, 'req_3');
      expect(status).toBe(500);
      expect(body.error.code).toBe('internal_error');
      expect(body.error.details).toEqual([]);
      expect(JSON.stringify(body)).not.toContain('users');
      expect(JSON.stringify(body)).not.toContain('/srv');
    }
  });

  it('maps a raw ZodError to 400 validation_failed with one entry per bad field', () => {
    const schema = z.object({
      name: z.string().min(1),
      profile: z.object({ age: z.number().int().max(150) }),
    });
    const parsed = schema.safeParse({ name: '', profile: { age: 200 } });
    expect(parsed.success).toBe(false);
    const { status, body } = toErrorEnvelope(parsed.error, 'req_4');
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d) => [d.field, d.issue])).toEqual([
      ['name', 'too_small'],
      ['profile.age', 'too_big'],
    ]);
  });

  it('gives a 429 the seconds to wait', () => {
    const { status, body } = toErrorEnvelope(new RateLimitError(2.2), 'req_5');
    expect(status).toBe(429);
    expect(body.error.details[0]).toMatchObject({ issue: 'rate_limited', retry_after_seconds: 3 });
  });
});

describe('zodIssuesToDetails', () => {
  const schema = z.strictObject({
    url: z.url(),
    tags: z.array(z.string().max(3)),
    role: z.enum(['admin', 'editor']),
    title: z.string(),
  });

  it('names missing fields "required", dotted paths for nested ones, and unknown keys one by one', () => {
    const result = schema.safeParse({ url: 'not a url', tags: ['ok', 'toolong'], role: 'owner', x: 1, y: 2 });
    expect(result.success).toBe(false);
    if (result.success) return;
    const details = zodIssuesToDetails(result.error);
    expect(details).toEqual([
      expect.objectContaining({ field: 'url', issue: 'invalid_format', format: 'url' }),
      expect.objectContaining({ field: 'tags.1', issue: 'too_big', maximum: 3 }),
      expect.objectContaining({ field: 'role', issue: 'invalid_value', allowed: ['admin', 'editor'] }),
      expect.objectContaining({ field: 'title', issue: 'required' }),
      expect.objectContaining({ field: 'x', issue: 'unrecognized_key' }),
      expect.objectContaining({ field: 'y', issue: 'unrecognized_key' }),
    ]);
    for (const detail of details) expect(typeof detail.message).toBe('string');
  });

  it('uses the issue name a refinement declares in params', () => {
    const weights = z.array(z.number()).refine((w) => w.reduce((a, b) => a + b, 0) === 100, {
      message: 'Weights must sum to 100.',
      params: { issue: 'weights_must_sum_to_100' },
    });
    const result = z.object({ weights }).safeParse({ weights: [50, 20] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodIssuesToDetails(result.error)).toEqual([
      { field: 'weights', issue: 'weights_must_sum_to_100', message: 'Weights must sum to 100.' },
    ]);
  });

  it('reports the closest branch of a failed union', () => {
    const block = z.discriminatedUnion('type', [
      z.object({ type: z.literal('link'), url: z.url() }),
      z.object({ type: z.literal('text'), text: z.string() }),
    ]);
    const result = z.object({ block }).safeParse({ block: { type: 'link', url: 'nope' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodIssuesToDetails(result.error)[0]).toMatchObject({
      field: 'block.url',
      issue: 'invalid_format',
    });
  });
});

describe('the code registry and the class hierarchy', () => {
  it('builds, for every registered code, an AppError with the registry status', () => {
    for (const code of ERROR_CODE_LIST) {
      const error = appErrorFor(code);
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(code);
      expect(error.status).toBe(ERROR_CODES[code].status);
      expect(error.httpStatus).toBe(error.status);
      expect(toErrorEnvelope(error, 'r').status).toBe(ERROR_CODES[code].status);
    }
  });

  it('places codes under their error classes', () => {
    expect(appErrorFor('insufficient_role')).toBeInstanceOf(AuthorizationError);
    expect(appErrorFor('billing_write_blocked')).toBeInstanceOf(AuthorizationError);
    expect(appErrorFor('last_owner_required')).toBeInstanceOf(ConflictError);
    expect(appErrorFor('validation_failed')).toBeInstanceOf(ValidationError);
    expect(new ConflictError('slug_taken').status).toBe(409);
    expect(new ConflictError('qr_slug_reserved').name).toBe('ConflictError');
  });

  it('registers the statuses the spec fixes', () => {
    const expected = {
      validation_failed: 400,
      unauthenticated: 401,
      totp_required: 401,
      api_key_revoked: 401,
      insufficient_role: 403,
      insufficient_scope: 403,
      plan_limit_reached: 403,
      plan_feature_unavailable: 403,
      billing_write_blocked: 403,
      email_verification_required: 403,
      reauthentication_required: 403,
      action_not_available_to_api_key: 403,
      account_suspended: 403,
      membership_inactive: 403,
      not_found: 404,
      resource_locked: 409,
      resource_archived: 409,
      last_owner_required: 409,
      qr_slug_reserved: 409,
      slug_taken: 409,
      workspace_deleted: 410,
      resource_gone: 410,
      request_too_large: 413,
      unsupported_media_type: 415,
      confirmation_required: 422,
      idempotency_key_reused: 422,
      rate_limited: 429,
      internal_error: 500,
    } as const;
    for (const [code, status] of Object.entries(expected)) {
      expect(ERROR_CODES[code as keyof typeof expected].status, code).toBe(status);
    }
  });
});

describe('zodIssuesToDetails, the less common issues', () => {
  it('reports multiples, custom refinements without a name, and the root', () => {
    const schema = z.object({ n: z.number().multipleOf(5), s: z.string().refine((v) => v !== 'x') });
    const result = schema.safeParse({ n: 7, s: 'x' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodIssuesToDetails(result.error).map((d) => [d.field, d.issue])).toEqual([
      ['n', 'not_multiple_of'],
      ['s', 'invalid'],
    ]);
    const root = z.object({}).safeParse('not an object');
    if (root.success) throw new Error('expected failure');
    expect(zodIssuesToDetails(root.error)).toEqual([
      expect.objectContaining({ field: 'body', issue: 'invalid_type', expected: 'object' }),
    ]);
  });

  it('reports the closest branch of a plain union', () => {
    const schema = z.object({
      v: z.union([z.object({ a: z.string() }), z.object({ b: z.number(), c: z.number() })]),
    });
    const result = schema.safeParse({ v: { b: 1 } });
    if (result.success) throw new Error('expected failure');
    expect(zodIssuesToDetails(result.error).map((d) => d.field)).toEqual(['v.a']);
  });
});

import { describe, expect, it } from 'vitest';
import { createLinkInputSchema, listLinksQuerySchema, updateLinkInputSchema } from './links';
import { problems } from './test-helpers';

describe('createLinkInputSchema (POST /v1/links)', () => {
  it('accepts the documented POST /v1/links body and fills defaults', () => {
    expect(createLinkInputSchema.parse({ destination_url: 'https://example.com/spring' })).toEqual({
      destination_url: 'https://example.com/spring',
      tags: [],
      publish: true,
    });
    const full = createLinkInputSchema.parse({
      destination_url: 'https://shop.example.com/sale',
      slug: 'Spring',
      domain: 'go.example.com',
      title: 'Spring sale',
      tags: ['campaign'],
      utm: { source: 'newsletter', medium: 'email', campaign: 'spring' },
      starts_at: '2026-03-01T00:00:00Z',
      expires_at: '2026-04-01T00:00:00Z',
    });
    expect(full).toMatchObject({ slug: 'spring', domain: 'go.example.com', utm: { source: 'newsletter' } });
  });

  it('names every bad field, one entry each', () => {
    expect(
      problems(createLinkInputSchema, {
        destination_url: 'nope',
        slug: 'bad slug',
        tags: 'x',
        colour: 'red',
      }),
    ).toEqual([
      ['destination_url', 'invalid_format'],
      ['slug', 'invalid_format'],
      ['tags', 'invalid_type'],
      ['colour', 'unrecognized_key'],
    ]);
    expect(problems(createLinkInputSchema, {})).toEqual([['destination_url', 'required']]);
    expect(
      problems(createLinkInputSchema, { destination_url: 'https://x.com', utm: { source: 'a', gclid: 'b' } }),
    ).toEqual([['utm.gclid', 'unrecognized_key']]);
  });

  it('refuses domain and domain_id together, and an expiry before the start', () => {
    expect(
      problems(createLinkInputSchema, {
        destination_url: 'https://x.com',
        domain: 'go.example.com',
        domain_id: '01900000-0000-7000-8000-000000000001',
      }),
    ).toEqual([['domain_id', 'conflicts_with_domain']]);
    expect(
      problems(createLinkInputSchema, {
        destination_url: 'https://x.com',
        starts_at: '2026-04-01T00:00:00Z',
        expires_at: '2026-03-01T00:00:00Z',
      }),
    ).toEqual([['expires_at', 'expires_before_start']]);
  });

  it('split destinations: two to ten, weights summing to exactly 100', () => {
    const split = (weights: number[]): unknown => ({
      destination_url: 'https://x.com',
      destinations: weights.map((weight, i) => ({ url: `https://x.com/${i}`, weight })),
    });
    expect(problems(createLinkInputSchema, split([50, 50]))).toEqual([]);
    expect(problems(createLinkInputSchema, split([70, 20, 10]))).toEqual([]);
    expect(problems(createLinkInputSchema, split([60, 30]))).toEqual([
      ['destinations', 'weights_must_sum_to_100'],
    ]);
    expect(problems(createLinkInputSchema, split([100]))).toEqual([['destinations', 'too_few_destinations']]);
    expect(problems(createLinkInputSchema, split([]))).toEqual([]);
    expect(problems(createLinkInputSchema, split([50.5, 49.5]))[0]?.[1]).toBe('invalid_type');
  });

  it('targeting rules use the resolver condition shapes', () => {
    const body = {
      destination_url: 'https://x.com',
      rules: [
        {
          conditions: [
            { kind: 'country', values: ['DE', 'AT'] },
            { kind: 'device', values: ['mobile'] },
          ],
          destination_url: 'https://x.com/de-mobile',
        },
      ],
    };
    expect(problems(createLinkInputSchema, body)).toEqual([]);
    expect(
      problems(createLinkInputSchema, {
        ...body,
        rules: [{ conditions: [], destination_url: 'https://x.com' }],
      }),
    ).toEqual([['rules.0.conditions', 'too_small']]);
    expect(
      problems(createLinkInputSchema, {
        ...body,
        rules: [{ conditions: [{ kind: 'planet', values: ['mars'] }], destination_url: 'https://x.com' }],
      })[0]?.[0],
    ).toBe('rules.0.conditions.0.kind');
  });
});

describe('updateLinkInputSchema (PATCH /v1/links/{id})', () => {
  it('takes any subset, null clears, empty bodies are refused', () => {
    expect(updateLinkInputSchema.parse({ title: null })).toEqual({ title: null });
    expect(updateLinkInputSchema.parse({ destination_url: 'https://new.example.com' })).toEqual({
      destination_url: 'https://new.example.com',
    });
    expect(problems(updateLinkInputSchema, {})).toEqual([['body', 'empty_update']]);
    expect(problems(updateLinkInputSchema, { status: 'deleted' })).toEqual([['status', 'invalid_value']]);
  });
});

describe('listLinksQuerySchema', () => {
  it('parses ?q=&limit=&cursor= from strings', () => {
    expect(listLinksQuerySchema.parse({ q: 'spring', limit: '10' })).toEqual({ q: 'spring', limit: 10 });
  });
});

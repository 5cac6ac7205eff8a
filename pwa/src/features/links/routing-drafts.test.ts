import { describe, expect, it } from 'vitest';
import { redirectPayloadSchema } from '@linkhub/shared/cache/payload';
import { uuidSchema } from '@linkhub/shared/schemas/common';
import { splitDestinationsSchema, targetingRulesSchema } from '@linkhub/shared/schemas/targeting';
import {
  draftsToRules,
  draftsToSplit,
  emptyRule,
  emptySplit,
  RULE_KINDS,
  rulesToDrafts,
  splitToDrafts,
} from './routing-drafts';

const isUuid = (v: unknown) => uuidSchema.safeParse(v).success;

describe('targeting and split drafts', () => {
  it('turn form rows into rules and splits the shared schemas accept, and back', () => {
    const rules = draftsToRules([
      { ...emptyRule(), kind: 'country', values: 'de, at', url: 'https://shop.example/de' },
    ]);
    expect(targetingRulesSchema.parse(rules)[0]?.conditions[0]).toEqual({
      kind: 'country',
      values: ['DE', 'AT'],
    });
    expect(rulesToDrafts(rules)).toEqual([
      { ...emptyRule(), id: rules[0]?.id, kind: 'country', values: 'DE, AT', url: 'https://shop.example/de' },
    ]);
    const split = draftsToSplit([
      { ...emptySplit('70'), url: 'https://a.example/' },
      { ...emptySplit('30'), url: 'https://b.example/' },
    ]);
    expect(splitDestinationsSchema.safeParse(split).success).toBe(true);
    expect(splitToDrafts(split).map(({ url, weight }) => ({ url, weight }))).toEqual([
      { url: 'https://a.example/', weight: '70' },
      { url: 'https://b.example/', weight: '30' },
    ]);
  });

  it('give every saved rule and split entry a UUID, so the redirect payload routes them and the ingest keeps the variant', () => {
    const rules = draftsToRules([
      { ...emptyRule(), kind: 'language', values: 'fr', url: 'https://shop.example/fr' },
    ]);
    const split = draftsToSplit([
      { ...emptySplit('50'), url: 'https://a.example/' },
      { ...emptySplit('50'), url: 'https://b.example/' },
    ]);
    expect(rules.every((r) => isUuid(r.id))).toBe(true);
    expect(split.every((d) => isUuid(d.id))).toBe(true);
    expect(new Set(split.map((d) => d.id)).size).toBe(2);
    // The payload's own schema (what the edge parses) takes them as they are.
    expect(redirectPayloadSchema.shape.rules.safeParse(rules).success).toBe(true);
    expect(redirectPayloadSchema.shape.destinations.safeParse(split).success).toBe(true);
  });

  it('keep the ids already stored, and replace a split id that is not a UUID', () => {
    const id = '0190a5b4-7c1e-7000-8000-000000000001';
    const [rule] = draftsToRules(
      rulesToDrafts([
        {
          id: 'rule-1',
          conditions: [{ kind: 'device', values: ['mobile'] }],
          destination_url: 'https://m.example/',
        },
      ]),
    );
    expect(rule?.id).toBe('rule-1');
    const split = draftsToSplit(
      splitToDrafts([
        { id, url: 'https://a.example/', weight: 50 },
        { id: 'b', url: 'https://b.example/', weight: 50 },
      ]),
    );
    expect(split[0]?.id).toBe(id);
    expect(isUuid(split[1]?.id)).toBe(true);
  });

  it('offer every condition kind the edge evaluates, the time window with days included', () => {
    const payloadKinds = redirectPayloadSchema.shape.rules.element.shape.conditions.element.options.map(
      (o) => o.shape.kind.value,
    );
    expect([...RULE_KINDS].sort()).toEqual([...payloadKinds].sort());
    const rules = draftsToRules([
      {
        ...emptyRule(),
        kind: 'time_window',
        from: '22:00',
        to: '06:00',
        days: [6, 5],
        url: 'https://night.example/',
      },
    ]);
    expect(targetingRulesSchema.parse(rules)[0]?.conditions).toEqual([
      { kind: 'time_window', from: '22:00', to: '06:00', days: [5, 6] },
    ]);
    expect(rulesToDrafts(rules)[0]).toMatchObject({
      kind: 'time_window',
      from: '22:00',
      to: '06:00',
      days: [5, 6],
    });
  });

  it('keep conditions past the first, which the form does not show, when a rule is saved again', () => {
    const stored = [
      {
        id: 'r',
        conditions: [
          { kind: 'country', values: ['DE'] },
          { kind: 'device', values: ['mobile'] },
        ],
        destination_url: 'https://de-m.example/',
      },
    ];
    expect(draftsToRules(rulesToDrafts(stored))).toEqual(stored);
  });

  it('show stored, encoded destinations in their readable form', () => {
    const [rule] = rulesToDrafts([
      {
        id: 'r',
        conditions: [{ kind: 'country', values: ['JP'] }],
        destination_url: 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
      },
    ]);
    expect(rule?.url).toBe('https://ja.wikipedia.org/wiki/東京');
    expect(splitToDrafts([{ id: 'x', url: 'https://xn--bcher-kva.example/', weight: 100 }])[0]?.url).toBe(
      'https://bücher.example/',
    );
    // a look-alike host stays in its ASCII form (D-438)
    expect(splitToDrafts([{ id: 'y', url: 'https://xn--pple-43d.com/', weight: 100 }])[0]?.url).toBe(
      'https://xn--pple-43d.com/',
    );
  });

  it('leave weights that do not add up to 100 for the schema to refuse', () => {
    const split = draftsToSplit([
      { ...emptySplit('50'), url: 'https://a.example/' },
      { ...emptySplit('x'), url: 'https://b.example/' },
    ]);
    expect(splitDestinationsSchema.safeParse(split).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { splitDestinationsSchema, targetingRulesSchema } from '@linkhub/shared/schemas/targeting';
import { draftsToRules, draftsToSplit, rulesToDrafts, splitToDrafts } from './routing-drafts';

describe('targeting and split drafts', () => {
  it('turn form rows into rules and splits the shared schemas accept, and back', () => {
    const rules = draftsToRules([{ kind: 'country', values: 'de, at', url: 'https://shop.example/de' }]);
    expect(targetingRulesSchema.parse(rules)[0]?.conditions[0]).toEqual({ kind: 'country', values: ['DE', 'AT'] });
    expect(rulesToDrafts(rules)).toEqual([{ kind: 'country', values: 'DE, AT', url: 'https://shop.example/de' }]);
    const split = draftsToSplit([{ url: 'https://a.example/', weight: '70' }, { url: 'https://b.example/', weight: '30' }]);
    expect(splitDestinationsSchema.safeParse(split).success).toBe(true);
    expect(splitToDrafts(split)).toEqual([{ url: 'https://a.example/', weight: '70' }, { url: 'https://b.example/', weight: '30' }]);
  });

  it('leave weights that do not add up to 100 for the schema to refuse', () => {
    const split = draftsToSplit([{ url: 'https://a.example/', weight: '50' }, { url: 'https://b.example/', weight: 'x' }]);
    expect(splitDestinationsSchema.safeParse(split).success).toBe(false);
  });
});

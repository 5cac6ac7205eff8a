import { describe, expect, it } from 'vitest';
import { confidencePercent } from '@linkhub/shared/experiments/verdict';
import { count, rate, weightShare } from './number-format';

const NBSP = '\u00a0';

describe('experiment results numbers', () => {
  it("use the reader's separators, one decimal for rates, a no-break space before %", () => {
    expect(rate(0.12145, 'en-US')).toBe(`12.1${NBSP}%`);
    expect(rate(0.12145, 'de-DE')).toBe(`12,1${NBSP}%`);
    expect(rate(0.5, 'en-US')).toBe(`50.0${NBSP}%`);
    expect(rate(null, 'en-US')).toBe('–');
    expect(count(12345, 'en-US')).toBe('12,345');
    expect(count(12345, 'de-DE')).toBe('12.345');
    expect(weightShare(5000, 'fr-FR')).toBe(`50${NBSP}%`);
  });

  it('say a confidence floored to a tenth, never 100 %', () => {
    expect(confidencePercent(0.97)).toBe(`97${NBSP}%`);
    expect(confidencePercent(0.97561)).toBe(`97.5${NBSP}%`);
    expect(confidencePercent(1)).toBe(`99.9${NBSP}%`);
    expect(confidencePercent(0.97561, 'de-DE')).toBe(`97,5${NBSP}%`);
  });
});

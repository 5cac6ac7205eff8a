import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { displayValue, FieldValue, SHORT_LENGTH } from './field-value';

/** A value before or after a change, as the history shows it. */
describe('displayValue', () => {
  it('shows nothing as “(empty)”, text as itself, flags in words and the rest as JSON', () => {
    for (const empty of [null, undefined, '', []]) expect(displayValue(empty)).toBe('(empty)');
    expect(displayValue('Spring')).toBe('Spring');
    expect(displayValue(true)).toBe('yes');
    expect(displayValue(false)).toBe('no');
    expect(displayValue(0)).toBe('0');
    expect(displayValue(['a', 'b'])).toBe('["a","b"]');
    expect(displayValue({ source: 'mail' })).toBe('{"source":"mail"}');
  });
});

describe('FieldValue', () => {
  it('a short value is quoted whole; an empty one is a muted “(empty)”', () => {
    expect(renderToStaticMarkup(<FieldValue value="Spring" label="Title" />)).toBe(
      '<q class="history-value">Spring</q>',
    );
    expect(renderToStaticMarkup(<FieldValue value={null} label="Title" />)).toContain('muted');
  });

  it('a long value is cut at the short length with a button naming the field', () => {
    const long = 'x'.repeat(SHORT_LENGTH + 10);
    const html = renderToStaticMarkup(<FieldValue value={long} label="Destination" />);
    expect(html).toContain(`${'x'.repeat(SHORT_LENGTH)}…`);
    expect(html).not.toContain(long);
    expect(html).toContain('Show all of Destination');
    expect(html).toContain('aria-expanded="false"');
  });
});

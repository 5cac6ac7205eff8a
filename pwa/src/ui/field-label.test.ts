import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-label';

/** How a form names the field an error is about. */
describe('fieldLabel', () => {
  it('uses the known label of the last named segment', () => {
    expect(fieldLabel('destination_url')).toBe('Destination URL');
    expect(fieldLabel('slug')).toBe('Short link ending');
    expect(fieldLabel('rules.0.destination_url')).toBe('Destination URL');
    expect(fieldLabel('design.fgColor')).toBe('Foreground colour');
  });

  it('turns any other name into words: snake, kebab and camel case, list indexes skipped', () => {
    expect(fieldLabel('not_found_url')).toBe('Not found url');
    expect(fieldLabel('rules.3.value')).toBe('Value');
    expect(fieldLabel('rules.0')).toBe('Rules');
    expect(fieldLabel('backgroundTo')).toBe('Background to');
    expect(fieldLabel('utm-source')).toBe('Utm source');
  });

  it('says “This” when the field names nothing it can show', () => {
    for (const field of [undefined, '', '0', 'body', '__']) expect(fieldLabel(field)).toBe('This');
  });

  it('never takes a label from the object prototype', () => {
    expect(fieldLabel('constructor')).toBe('Constructor');
    expect(fieldLabel('toString')).toBe('To string');
  });
});

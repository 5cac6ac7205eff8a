import { describe, expect, it } from 'vitest';
import { fieldName } from './history-panel';

describe('fieldName', () => {
  it('names a changed field as a person reads it', () => {
    expect(fieldName('destination_url')).toBe('Destination');
    expect(fieldName('utm')).toBe('UTM tags');
    expect(fieldName('is_visible')).toBe('Shown on the page');
    expect(fieldName('data.title')).toBe('Block title');
    expect(fieldName('theme.background')).toBe('Theme background');
    expect(fieldName('title')).toBe('Title');
  });
});

import { describe, expect, it } from 'vitest';
import { dateFormat, relativeFormat } from './intl-cache';

describe("the analytics screen's formatters", () => {
  it('are built once per zone and style, and format in that zone', () => {
    const paris = dateFormat('Europe/Paris', 'hour');
    expect(dateFormat('Europe/Paris', 'hour')).toBe(paris);
    expect(dateFormat('Asia/Tokyo', 'hour')).not.toBe(paris);
    expect(dateFormat('Europe/Paris', 'day')).not.toBe(paris);
    expect(paris.resolvedOptions().timeZone).toBe('Europe/Paris');
    expect(relativeFormat()).toBe(relativeFormat());
  });
});

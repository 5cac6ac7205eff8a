import { describe, expect, it } from 'vitest';
import { defaultEcLevel, encodeQr, shortQrText } from './encode';

describe('shortQrText', () => {
  it('keeps the scheme lower-case and upper-cases host and path', () => {
    expect(shortQrText('https://go.acme.com/spring')).toBe('https://GO.ACME.COM/SPRING');
    expect(shortQrText('HTTPS://Go.Acme.com/Spring')).toBe('https://GO.ACME.COM/SPRING');
  });

  it('keeps the query string and fragment exactly as given', () => {
    expect(shortQrText('https://go.acme.com/spring?utm_source=Box#Top')).toBe(
      'https://GO.ACME.COM/SPRING?utm_source=Box#Top',
    );
  });

  it('adds no trailing slash to a bare host', () => {
    expect(shortQrText('https://go.acme.com')).toBe('https://GO.ACME.COM');
    expect(shortQrText('https://go.acme.com/')).toBe('https://GO.ACME.COM/');
  });

  it('refuses non-http schemes and credentials', () => {
    expect(() => shortQrText('javascript:alert(1)')).toThrow();
    expect(() => shortQrText('https://user:pw@go.acme.com/x')).toThrow();
  });
});

describe('encodeQr', () => {
  it('the upper-case form needs version 3 at H where the lower-case form needs 4', () => {
    const short = encodeQr(shortQrText('https://go.acme.com/spring'), 'H');
    const lower = encodeQr('https://go.acme.com/spring', 'H');
    expect(short.version).toBe(3);
    expect(short.size).toBe(29);
    expect(lower.version).toBe(4);
    expect(lower.size).toBe(33);
  });

  it('returns a size × size grid with the three finder patterns dark at their corners', () => {
    const m = encodeQr('https://GO.ACME.COM/SPRING');
    expect(m.ecLevel).toBe('M');
    expect(m.dark).toHaveLength(m.size * m.size);
    for (const [x, y] of [
      [0, 0],
      [m.size - 1, 0],
      [0, m.size - 1],
    ] as const) {
      expect(m.dark[y * m.size + x]).toBe(1);
    }
    expect(m.dark[7 * m.size + 7]).toBe(0); // the separator around the top-left finder
  });

  it('chooses M by default and H with a logo', () => {
    expect(defaultEcLevel(false)).toBe('M');
    expect(defaultEcLevel(true)).toBe('H');
  });
});

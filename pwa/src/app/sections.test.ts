import { describe, expect, it } from 'vitest';
import { parsePath, SECTIONS } from './sections';

describe('parsePath', () => {
  it('the first path segment picks the section; the rest is what the section opens', () => {
    expect(parsePath('/links/abc')).toEqual({ section: 'links', rest: ['abc'] });
    expect(parsePath('/qr/new/')).toEqual({ section: 'qr', rest: ['new'] });
    expect(parsePath('//pages//p1//versions')).toEqual({ section: 'pages', rest: ['p1', 'versions'] });
  });

  it('an unknown or empty path shows Links', () => {
    expect(parsePath('/')).toEqual({ section: 'links', rest: [] });
    expect(parsePath('/constructor/x')).toEqual({ section: 'links', rest: ['x'] });
  });

  it('every section in the nav is reachable by its own path', () => {
    for (const { id } of SECTIONS) expect(parsePath(`/${id}`).section).toBe(id);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { lastGrantOf, unscopedScopeText } from './last-grant';

describe('the last-grant choice', () => {
  it('names what an unscoped member would see, in words', () => {
    expect(unscopedScopeText({ role: 'editor', links: 12, bio_pages: 3, qr_codes: 5 })).toBe(
      'all 12 links, 3 bio pages and 5 QR codes as Editor',
    );
    expect(unscopedScopeText({ role: 'viewer', links: 1, bio_pages: 1, qr_codes: 0 })).toBe(
      'all 1 link, 1 bio page and 0 QR codes as Viewer',
    );
  });

  it('reads the 409 last_grant refusal and nothing else', () => {
    const detail = {
      field: 'then',
      issue: 'last_grant',
      role: 'editor',
      links: 2,
      bio_pages: 1,
      qr_codes: 0,
    };
    expect(lastGrantOf(new ApiError(409, 'last_grant', 'x', [detail]))).toEqual({
      role: 'editor',
      links: 2,
      bio_pages: 1,
      qr_codes: 0,
    });
    expect(lastGrantOf(new ApiError(409, 'conflict', 'x', [detail]))).toBeNull();
    expect(lastGrantOf(new Error('x'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { lastGrantOf, removedScopeText, unscopedScopeText } from './last-grant';

describe('the last-grant choice', () => {
  it('names what an unscoped member would see, in the words of their role, and what removal takes', () => {
    expect(unscopedScopeText({ role: 'editor', links: 14, bio_pages: 3, qr_codes: 6 }, 'Mia', 'Acme')).toBe(
      'Mia will see and edit all 14 links, 3 bio pages and 6 QR codes of Acme',
    );
    expect(unscopedScopeText({ role: 'viewer', links: 1, bio_pages: 1, qr_codes: 0 }, 'Jo', 'Acme')).toBe(
      'Jo will see all 1 link, 1 bio page and 0 QR codes of Acme',
    );
    expect(unscopedScopeText({ role: 'admin', links: 1200, bio_pages: 0, qr_codes: 2 }, 'Kim', 'Acme')).toBe(
      'Kim will see and edit all 1,200 links, 0 bio pages and 2 QR codes of Acme',
    );
    expect(removedScopeText('Mia', 'Link Spring sale', 'Acme')).toBe(
      'Mia loses Link Spring sale and every other access to Acme',
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

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { APP_URL_SCHEMES, appUrlProblem, appUrlSchema, isAllowedAppUrl } from './app-urls';

describe('app URL allow-list', () => {
  it.each([
    'instagram://user?username=acme',
    'youtube://www.youtube.com/watch?v=abc',
    'spotify:album:4aawyAB9vmqN3uQ7FjRGTy',
    'twitter://user?screen_name=acme',
    'fb://profile/123',
    'whatsapp://send?phone=123',
    'zoomus://zoom.us/join?confno=123',
    'tiktok://user/@acme',
    'https://www.instagram.com/_u/acme/',
  ])('allows %s', (url) => {
    expect(appUrlProblem(url)).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', 'scheme'],
    ['JavaScript:alert(1)', 'scheme'],
    ['data:text/html,hi', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['intent://scan/#Intent;end', 'scheme'],
    ['vbscript:msgbox', 'scheme'],
    ['http://example.com/', 'scheme'],
    ['instagram:', 'not_a_url'],
    ['instagram://user?x=1 2', 'not_a_url'],
    ['instagram://user\n', 'not_a_url'],
    ['not a url', 'not_a_url'],
    ['https://user:pw@example.com/', 'credentials'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(appUrlProblem(url)).toBe(reason);
  });

  it('says the allowed schemes in its refusal, and trims', () => {
    const refused = appUrlSchema.safeParse('ftp://example.com');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toContain('instagram');
    expect(appUrlSchema.parse('  spotify://album/1 ')).toBe('spotify://album/1');
  });

  it('allows nothing whose scheme is neither https nor on the list (property)', () => {
    const allowed = new Set<string>([...APP_URL_SCHEMES, 'https']);
    fc.assert(
      fc.property(fc.string(), fc.string(), (scheme, rest) => {
        const url = `${scheme}:${rest}`;
        if (!isAllowedAppUrl(url)) return;
        expect(allowed.has(new URL(url).protocol.slice(0, -1).toLowerCase())).toBe(true);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createUrlPolicy, openExternally } from './trusted-url';

const policy = createUrlPolicy({ syncOrigin: 'https://sync.linkhub.test' });

describe('trusted URLs', () => {
  it('lets the app and the sync server load in the window', () => {
    expect(policy.classify('app://linkhub/')).toBe('app');
    expect(policy.classify('app://linkhub/workspace/1/links')).toBe('app');
    expect(policy.classify('https://sync.linkhub.test/api/auth/login')).toBe('sync');
    expect(policy.mayLoadInApp('app://linkhub/index.html')).toBe(true);
    expect(policy.mayLoadInApp('https://sync.linkhub.test/billing')).toBe(true);
  });

  it('sends other web origins to the system browser, never into the window', () => {
    for (const url of [
      'https://example.com/',
      'http://example.com/a?b=c',
      'https://sync.linkhub.test.evil.com/',
      'http://sync.linkhub.test/',
      'https://sync.linkhub.test:444/',
    ]) {
      expect(policy.classify(url), url).toBe('external');
      expect(policy.mayLoadInApp(url), url).toBe(false);
    }
  });

  it('denies every other scheme, other app hosts and URLs carrying credentials', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:app://linkhub/123',
      'app://other/',
      'linkhub://workspace/1',
      'smb://share/x',
      'https://user:pass@example.com/',
      'not a url',
      '',
    ]) {
      expect(policy.classify(url), url).toBe('deny');
      expect(policy.mayLoadInApp(url), url).toBe(false);
    }
  });

  it('opens only web URLs in the system browser', async () => {
    const opened: string[] = [];
    const shell = { openExternal: async (url: string) => void opened.push(url) };
    expect(await openExternally(policy, shell, 'https://example.com/pricing')).toBe(true);
    expect(await openExternally(policy, shell, 'file:///etc/passwd')).toBe(false);
    expect(await openExternally(policy, shell, 'javascript:alert(1)')).toBe(false);
    expect(await openExternally(policy, shell, 'app://linkhub/')).toBe(false);
    expect(opened).toEqual(['https://example.com/pricing']);
  });
});

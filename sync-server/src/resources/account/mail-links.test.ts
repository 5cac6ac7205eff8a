import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan, startKit, type Kit } from '../../testing/accounts-kit';
import { firstLink } from '@linkhub/shared/server/mail/smtp-testing';

/**
 * 17.7: every link in an account e-mail opens on the PWA's origin (PUBLIC_PWA_URL, here the Vite
 * port, distinct from the sync-server's 8080) at a path that origin answers: a PWA route
 * (pwa/src/app/app.tsx handles /reset-password, /invitations/accept and /) or an API one-click door
 * that does its work and lands on the PWA's `/`.
 */
let kit: Kit;
let pwa: URL;
beforeAll(async () => {
  kit = await startKit();
  pwa = new URL(kit.deps.config.PUBLIC_PWA_URL);
});
afterAll(async () => {
  await kit.stop();
});

const PWA_ROUTES = ['/', '/reset-password', '/invitations/accept'];

async function mailedLink(email: string, subject: string): Promise<URL> {
  const mail = await kit.smtp.waitFor(email, (m) => m.subject.includes(subject));
  return new URL(firstLink(mail.text));
}

/** Opens a one-click link as the browser would: on the PWA origin the path reaches the same app (same origin under npm start, Vite's proxy under npm run dev). */
async function open(link: URL): Promise<Response> {
  return kit.app.request(`${link.pathname}${link.search}`);
}

function expectPwaPage(location: string | null): void {
  expect(location).not.toBeNull();
  const target = new URL(location ?? '');
  expect(target.origin).toBe(pwa.origin);
  expect(PWA_ROUTES).toContain(target.pathname);
}

describe('links in account e-mails (17.7)', () => {
  it('the verification link is on the PWA origin, verifies, and lands on the PWA', async () => {
    expect(pwa.origin).not.toBe(new URL(kit.deps.config.PUBLIC_SYNC_URL).origin);
    await kit.signUp('verify-link@example.com', { verify: false });
    const link = await mailedLink('verify-link@example.com', 'Verify');
    expect(link.origin).toBe(pwa.origin);
    const res = await open(link);
    expect(res.status).toBe(302);
    expectPwaPage(res.headers.get('Location'));
    const { rows } = await kit.deps.pool.query(
      "SELECT 1 FROM users WHERE email = 'verify-link@example.com' AND email_verified_at IS NOT NULL",
    );
    expect(rows).toHaveLength(1);
  });

  it('a verification link opened twice, cut short or tagged by a mail client lands on the PWA with the reason, never on a JSON error', async () => {
    await kit.signUp('verify-twice@example.com', { verify: false });
    const link = await mailedLink('verify-twice@example.com', 'Verify');
    const tagged = new URL(link);
    tagged.searchParams.set('utm_source', 'newsletter');
    const first = await open(tagged);
    expect(new URL(first.headers.get('Location') ?? '').search).toBe('?email_verified=1');
    for (const again of [link, new URL(`${link.pathname}?token=short`, link), new URL(link.pathname, link)]) {
      const res = await open(again);
      expect(res.status).toBe(302);
      expectPwaPage(res.headers.get('Location'));
      expect(new URL(res.headers.get('Location') ?? '').search).toBe('?email_link=unusable');
    }
  });

  it('a used or broken sign-in link lands on the PWA with the reason and signs nobody in', async () => {
    await kit.signUp('magic-twice@example.com');
    await kit.call('POST', '/api/auth/magic-link', { body: { email: 'magic-twice@example.com' } });
    const link = await mailedLink('magic-twice@example.com', 'sign-in link');
    expect((await open(link)).headers.get('set-cookie')).toMatch(/^lh_session=lhs_/);
    for (const again of [link, new URL(`${link.pathname}?token=${'x'.repeat(300)}`, link)]) {
      const res = await open(again);
      expect(res.status).toBe(302);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(new URL(res.headers.get('Location') ?? '').search).toBe('?sign_in_link=unusable');
    }
  });

  it('the magic link signs in (cookie) and lands on the PWA', async () => {
    await kit.signUp('magic-link@example.com');
    await kit.call('POST', '/api/auth/magic-link', { body: { email: 'magic-link@example.com' } });
    const link = await mailedLink('magic-link@example.com', 'sign-in link');
    expect(link.origin).toBe(pwa.origin);
    const res = await open(link);
    expect(res.status).toBe(302);
    expect(res.headers.get('set-cookie')).toMatch(/^lh_session=lhs_/);
    expectPwaPage(res.headers.get('Location'));
  });

  it('the reset link opens the PWA reset page', async () => {
    await kit.signUp('reset-link@example.com');
    await kit.call('POST', '/api/auth/password-reset', { body: { email: 'reset-link@example.com' } });
    const link = await mailedLink('reset-link@example.com', 'Reset');
    expectPwaPage(link.href);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^lhr_/);
  });

  it('the invitation link opens the PWA accept page', async () => {
    const owner = await kit.signUp('inviter@example.com');
    await setPlan(kit, owner.workspaceId, 'pro'); // a free workspace has one seat
    const invited = await kit.call('POST', `/api/workspaces/${owner.workspaceId}/invitations`, {
      token: owner.token,
      body: { email: 'invitee@example.com', role: 'viewer' },
    });
    expect(invited.status).toBe(201);
    const link = await mailedLink('invitee@example.com', 'invited you');
    expectPwaPage(link.href);
    expect(link.pathname).toBe('/invitations/accept');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailSentence } from '../../pwa/src/ui/error-messages';
import { startKit, type Kit } from '../../sync-server/src/testing/accounts-kit';
import { MAIL_LINK_REFUSALS } from '../../sync-server/src/identity/mail-token';

/** A mail link's token that is cut short or missing is refused as the link it is, never as a "token" field. */
let kit: Kit;
let session: string;
beforeAll(async () => {
  kit = await startKit();
  session = (await kit.signUp('mail-token@example.com')).token;
});
afterAll(async () => kit.stop());

type Envelope = {
  error: { code: string; details: Array<{ field: string; issue: string; message?: string }> };
};

describe('mail link tokens at the door', () => {
  const cases = [
    [
      '/api/auth/password-reset/confirm',
      { password: 'a perfectly long password 1' },
      MAIL_LINK_REFUSALS.reset,
    ],
    ['/api/invitations/accept', {}, MAIL_LINK_REFUSALS.invitation],
    ['/api/auth/verify-email', {}, MAIL_LINK_REFUSALS.emailLink],
  ] as const;
  for (const [path, rest, sentence] of cases) {
    it(`${path}: a cut-short or missing token reads "${sentence}"`, async () => {
      for (const token of [{ token: 'lhr_abc' }, {}, { token: 'x'.repeat(201) }, { token: 42 }]) {
        const res = await kit.call('POST', path, { token: session, body: { ...rest, ...token } });
        expect(res.status).toBe(400);
        const { error } = (await res.json()) as Envelope;
        const detail = error.details.find((d) => d.field === 'token');
        expect(detail?.message).toBe(sentence);
        // What the editor shows for it (pwa/src/ui/error-messages.ts).
        expect(detail && detailSentence(detail)).toBe(sentence);
      }
    });
  }
});

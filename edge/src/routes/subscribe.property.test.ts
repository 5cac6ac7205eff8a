import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { SubscribeResult } from '../leads/lead-capture';
import { createBioPageRoutes, type BioSubscription } from './bio-page';

/**
 * The sign-up door: any form body, content type and Accept header. Never a 5xx from
 * input alone (503 only from the queue's own answer, with Retry-After); a JSON answer is always
 * `{data}` or the error envelope; nothing reaches the lead store unless the address is valid, the
 * consent box was ticked and the honeypot is empty.
 */
const page = samplePageSnapshot({
  links: 1,
  extra: [{ id: 'cap001', type: 'email_capture', data: { title: 'News', button_label: 'Join' } }],
});
const taken: BioSubscription[] = [];
const app = createBioPageRoutes({
  pages: { getPublished: async (_host, handle) => (handle === page.handle ? page : null) },
  onSubscribe: async (s): Promise<SubscribeResult> => {
    taken.push(s);
    return { kind: 'accepted', outcome: 'subscribed' };
  },
  logger: createLogger('test', { level: 'silent' }),
});

const field = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('yes', 'cap001', 'fan@example.com', '', ' a@b.co '),
  fc.string({ unit: 'binary', maxLength: 300 }),
);
const form = fc.dictionary(
  fc.constantFrom('email', 'block_id', 'consent', 'website', 'rev', 'other'),
  field,
  { maxKeys: 6 },
);
const contentType = fc.constantFrom(
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'text/plain',
  'application/json',
  '',
);
const accept = fc.constantFrom('application/json', 'text/html', '*/*', '');

test.prop([form, contentType, accept, fc.boolean()])(
  'any sign-up body: no 5xx, the envelope for JSON, stored only when valid',
  async (fields, type, acceptHeader, raw) => {
    const before = taken.length;
    const body = raw ? JSON.stringify(fields) : new URLSearchParams(fields).toString();
    const headers: Record<string, string> = { host: 'bio.localhost' };
    if (type !== '') headers['content-type'] = type;
    if (acceptHeader !== '') headers.accept = acceptHeader;
    const res = await app.request(`/${page.handle}/subscribe`, { method: 'POST', headers, body });
    expect(res.status).toBeLessThan(500);
    expect([200, 303, 400, 404]).toContain(res.status);
    if (res.headers.get('content-type')?.startsWith('application/json')) {
      const json: unknown = await res.json();
      expect(typeof json === 'object' && json !== null && ('data' in json || 'error' in json)).toBe(true);
      if (typeof json === 'object' && json !== null && 'error' in json) {
        const error = json.error;
        expect(
          typeof error === 'object' &&
            error !== null &&
            'code' in error &&
            'message' in error &&
            'details' in error &&
            'request_id' in error,
        ).toBe(true);
      }
    }
    const stored = taken.slice(before);
    for (const s of stored) {
      expect(s.email).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(fields.consent).toBe('yes');
      expect(fields.website ?? '').toBe('');
    }
  },
);

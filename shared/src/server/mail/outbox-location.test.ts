import { describe, expect, it } from 'vitest';
import { outboxLocation } from './outbox-location';

describe('outboxLocation', () => {
  it('names the outbox relative to the repo when it is inside, absolute otherwise, and nothing with SMTP', () => {
    expect(outboxLocation({}, '/repo')).toBe('.linkhub/outbox/');
    expect(outboxLocation({ OUTBOX_DIR: '/repo/mail/out' }, '/repo')).toBe('mail/out/');
    expect(outboxLocation({ OUTBOX_DIR: '/tmp/outbox-1' }, '/repo')).toBe('/tmp/outbox-1/');
    expect(outboxLocation({ SMTP_URL: 'smtp://mail:587' }, '/repo')).toBeNull();
  });
});

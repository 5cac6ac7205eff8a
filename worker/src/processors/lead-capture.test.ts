import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { ensureSystemDomains } from '@linkhub/shared/server/db/system-domains';
import type { JobData } from '@linkhub/shared/jobs/queues';
import { leadTokenHash } from '@linkhub/shared/server/leads/tokens';
import { startSmtpCapture, type SmtpCapture } from '@linkhub/shared/server/mail/smtp-testing';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { expireUnconfirmedLeads, leadCapture } from './lead-capture';

let t: TestWorkerDeps;
let smtp: SmtpCapture;
let workspaceId = '';
let pageId = '';
let blockId = '';
const job = {} as Job; // test-only: the processor does not read the BullMQ job

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestWorkerDeps({ SMTP_URL: smtp.url, PUBLIC_PWA_URL: 'http://app.test' });
  const h = createDb(t.database.url);
  const { bioDomainId } = await ensureSystemDomains(h.db);
  const owner = await insertUser(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await h.close();
  const page = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_pages (workspace_id, domain_id, handle, title) VALUES ($1, $2, 'maya', 'Maya Prints') RETURNING id",
    [workspaceId, bioDomainId],
  );
  pageId = page.rows[0]?.id ?? '';
  const block = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_blocks (page_id, workspace_id, position, type, data) VALUES ($1, $2, 'a0', 'email_capture', '{}') RETURNING id",
    [pageId, workspaceId],
  );
  blockId = block.rows[0]?.id ?? '';
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const signUp = (email: string, extra: Partial<JobData<'lead-capture'>> = {}): JobData<'lead-capture'> => ({
  workspace_id: workspaceId,
  page_id: pageId,
  block_id: blockId,
  email,
  consent_text: 'Monthly news, unsubscribe any time.',
  page_revision: 3,
  double_opt_in: true,
  submitted_at: '2026-12-05T08:00:00.000Z',
  ...extra,
});

type LeadRow = {
  status: string;
  consent_text: string;
  page_revision: number;
  block_id: string | null;
  confirm_token_hash: string | null;
  confirmed_at: Date | null;
  source: unknown;
};
const leadOf = async (email: string) =>
  (
    await t.deps.pool.query<LeadRow>(
      'SELECT status, consent_text, page_revision, block_id, confirm_token_hash, confirmed_at, source FROM leads WHERE email = $1',
      [email],
    )
  ).rows;

describe('lead-capture processor', () => {
  it('double opt-in: stores a pending lead with the consent shown and mails a single-use link and an unsubscribe link', async () => {
    const result = await leadCapture(signUp('Fan@Example.com'), job, t.deps);
    expect(result).toMatchObject({ stored: true, status: 'pending', mailed: true });
    const [lead] = await leadOf('fan@example.com');
    expect(lead).toMatchObject({
      status: 'pending',
      consent_text: 'Monthly news, unsubscribe any time.',
      page_revision: 3,
      block_id: blockId,
      confirmed_at: null,
      source: { via: 'bio_page' },
    });
    const mail = await smtp.waitFor('fan@example.com');
    expect(mail.subject).toBe('Confirm your sign-up to maya on LinkHub');
    expect(mail.text).toContain('the LinkHub page maya ("Maya Prints")');
    const confirm = /http:\/\/app\.test\/api\/leads\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(confirm).not.toBeNull();
    expect(leadTokenHash(confirm?.[1] ?? '')).toBe(lead?.confirm_token_hash);
    expect(mail.text).toContain('http://app.test/api/leads/unsubscribe?token=');
    expect(mail.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/app\.test\/api\/leads\/unsubscribe\?token=/);
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('single opt-in: confirmed at once, no mail; a confirmed address signing up again changes nothing', async () => {
    const before = smtp.messages.length;
    expect(await leadCapture(signUp('one@example.com', { double_opt_in: false }), job, t.deps)).toMatchObject(
      { stored: true, status: 'confirmed', mailed: false },
    );
    expect(await leadCapture(signUp('one@example.com'), job, t.deps)).toEqual({
      stored: false,
      reason: 'already_confirmed',
    });
    expect((await leadOf('one@example.com')).map((l) => l.status)).toEqual(['confirmed']);
    expect(smtp.messages.length).toBe(before);
  });

  it('a repeated pending sign-up keeps its link and sends nothing; a block that is gone is left out', async () => {
    await leadCapture(signUp('again@example.com'), job, t.deps);
    const [first] = await leadOf('again@example.com');
    expect(
      await leadCapture(signUp('again@example.com', { block_id: 'not-a-uuid' }), job, t.deps),
    ).toMatchObject({ stored: true, status: 'pending', mailed: false });
    const rows = await leadOf('again@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.confirm_token_hash).toBe(first?.confirm_token_hash);
    await leadCapture(signUp('gone-block@example.com', { block_id: 'not-a-uuid' }), job, t.deps);
    expect((await leadOf('gone-block@example.com'))[0]?.block_id).toBeNull();
  });

  it('stores nothing for a page that is gone', async () => {
    expect(
      await leadCapture(
        signUp('x@example.com', { page_id: '0190a000-0000-7000-8000-00000000dead' }),
        job,
        t.deps,
      ),
    ).toEqual({ stored: false, reason: 'page_gone' });
  });

  it('deletes unconfirmed leads whose link expired', async () => {
    await leadCapture(signUp('late@example.com'), job, t.deps);
    expect(
      await expireUnconfirmedLeads(t.deps.pool, new Date(Date.now() + 8 * 24 * 3600 * 1000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await leadOf('late@example.com')).toEqual([]);
    expect((await leadOf('one@example.com')).map((l) => l.status)).toEqual(['confirmed']);
  });
});

/** The token a mailed link carries, by the link's action. */
function tokenIn(text: string, action: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`http://app\\.test/api/leads/${action}\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no ${action} link`);
  return match[1];
}

describe('confirmation mails: at most one per address per page per day', () => {
  it('sends one mail for four sign-ups of the same address, and a re-signup never retires the unsubscribe link already mailed', async () => {
    const email = 'bombed@example.com';
    const results: unknown[] = [];
    for (let i = 0; i < 4; i += 1) results.push(await leadCapture(signUp(email), job, t.deps));
    expect(results).toEqual(
      [true, false, false, false].map((mailed) => expect.objectContaining({ stored: true, mailed })),
    );
    const first = await smtp.waitFor(email);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    const stored = await t.deps.pool.query<{ unsubscribe_token_hash: string; confirm_token_hash: string }>(
      'SELECT unsubscribe_token_hash, confirm_token_hash FROM leads WHERE email = $1',
      [email],
    );
    // Both links of the one mail still name the lead.
    expect(leadTokenHash(tokenIn(first.text, 'unsubscribe'))).toBe(stored.rows[0]?.unsubscribe_token_hash);
    expect(leadTokenHash(tokenIn(first.text, 'confirm'))).toBe(stored.rows[0]?.confirm_token_hash);

    // A day later a re-signup mails again; the first mail's unsubscribe token stays, the new one is added.
    await t.deps.pool.query(
      "UPDATE leads SET confirm_mailed_at = now() - interval '25 hours' WHERE email = $1",
      [email],
    );
    expect(await leadCapture(signUp(email), job, t.deps)).toMatchObject({ stored: true, mailed: true });
    const second = await smtp.waitFor(email, (m) => m.raw !== first.raw);
    const later = await t.deps.pool.query<{ unsubscribe_token_hash: string; extra: string[] }>(
      `SELECT unsubscribe_token_hash,
              array(SELECT token_hash FROM lead_unsubscribe_tokens WHERE lead_id = leads.id) AS extra
         FROM leads WHERE email = $1`,
      [email],
    );
    expect(later.rows[0]?.unsubscribe_token_hash).toBe(leadTokenHash(tokenIn(first.text, 'unsubscribe')));
    expect(later.rows[0]?.extra).toEqual([leadTokenHash(tokenIn(second.text, 'unsubscribe'))]);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(2);
  });

  it('keeps what the page owner wrote out of the Subject, and quotes the title in the body one line, capped, without invisible characters', async () => {
    await t.deps.pool.query('UPDATE bio_pages SET title = $2 WHERE id = $1', [
      pageId,
      `URGENT\u202e: your account is suspended\r\nBcc: x@evil.test ${'!'.repeat(120)}`,
    ]);
    try {
      await leadCapture(signUp('title@example.com'), job, t.deps);
      const mail = await smtp.waitFor('title@example.com');
      expect(mail.subject).toBe('Confirm your sign-up to maya on LinkHub');
      const quoted = /the LinkHub page maya \("([^"]*)"\)/.exec(mail.text)?.[1] ?? '';
      expect(quoted.startsWith('URGENT : your account is suspended Bcc: x@evil.test !!!')).toBe(true);
      expect(Array.from(quoted).length).toBeLessThanOrEqual(80);
      expect(quoted).not.toMatch(/[\u202e\r\n]/);
    } finally {
      await t.deps.pool.query("UPDATE bio_pages SET title = 'Maya Prints' WHERE id = $1", [pageId]);
    }
  });

  it("gives the day's slot back when the mail cannot leave, so the retry mails", async () => {
    const email = 'retry@example.com';
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    t.deps.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      await expect(leadCapture(signUp(email), job, t.deps)).rejects.toThrow('smtp down');
    } finally {
      t.deps.mailer.send = send;
    }
    expect(await leadCapture(signUp(email), job, t.deps)).toMatchObject({ stored: true, mailed: true });
    await smtp.waitFor(email);
  });
});

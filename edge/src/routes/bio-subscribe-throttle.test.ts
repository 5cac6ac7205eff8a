import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { BIO_HOST, createHarness, ready, type Harness } from '../testing/harness';

/**
 * The bio page sign-up form's limits, through the real edge app (D-485): a network is an IPv4
 * address or an IPv6 /64, and a page takes a bounded number of sign-ups from everyone together.
 */
let h: Harness;

const capture = {
  id: 'cap001',
  type: 'email_capture' as const,
  data: { title: 'News', button_label: 'Join', double_opt_in: true },
};

beforeAll(async () => {
  h = await createHarness();
  const ws = await h.seed.workspace({ name: 'Maya Prints' });
  for (const handle of ['maya', 'popular']) {
    const { id: _id, workspace_id: _ws, ...snapshot } = samplePageSnapshot({ links: 1, extra: [capture] });
    await h.seed.page(ws, h.domains.bioDomainId, handle, { ...snapshot, handle });
  }
});
afterAll(async () => {
  await h.close();
});

const errorBody = z.object({ error: z.object({ code: z.string() }) });

type Answer = { status: number; retryAfter: string | null; code: string | null };

async function signUp(
  app: ReturnType<Harness['app']>['app'],
  handle: string,
  email: string,
  ip: string,
): Promise<Answer> {
  const res = await app.request(
    `http://${BIO_HOST}/${handle}/subscribe`,
    {
      method: 'POST',
      headers: {
        host: BIO_HOST,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ block_id: 'cap001', email, consent: 'yes' }).toString(),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  const parsed = errorBody.safeParse(await res.json());
  const code = parsed.success ? parsed.data.error.code : null;
  return { status: res.status, retryAfter: res.headers.get('retry-after'), code };
}

describe('bio sign-ups are capped per network and per page', () => {
  it('caps sign-ups from one IPv6 /64, whatever address of it each comes from; another /64 still signs up', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i += 1)
      answers.push(
        await signUp(app, 'maya', `fan${i}@example.com`, `2001:db8:5:9:${(i + 1).toString(16)}::1`),
      );
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted).toBe(5);
    const refused = answers.slice(5);
    expect(refused.every((a) => a.status === 429 && a.code === 'rate_limited')).toBe(true);
    expect(refused.every((a) => Number(a.retryAfter) > 0)).toBe(true);
    expect((await signUp(app, 'maya', 'elsewhere@example.com', '2001:db8:5:a::1')).status).toBe(200);
  });

  it('caps one page across many networks, and not the other pages', async () => {
    const { app, edgeRedis } = h.app({ pageSignupLimit: { max: 8, windowSeconds: 600 } });
    await ready(edgeRedis);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push(
        (await signUp(app, 'popular', `p${i}@example.com`, `2001:db8:6:${(i + 1).toString(16)}::1`)).status,
      );
    expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
    expect((await signUp(app, 'maya', 'other-page@example.com', '2001:db8:6:ff::1')).status).toBe(200);
  });
});

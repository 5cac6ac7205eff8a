import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStack, type BillingStack } from './billing-stack';

/**
 * Dunning end to end (docs/product-rules.md#plans-and-billing): a Business workspace on day 3 and on day 10 of past_due. A printed QR code
 * is scanned (302 on both days); the Owner changes its destination (allowed with a banner on day 3,
 * 403 billing_write_blocked with grace_ends_at and the invoice to pay on day 10); the Admin meets the
 * same block, with the quota view naming the Owner. Paying the invoice lifts it.
 */
const LINK_HOST = 'lnk.localhost';
const SLUG = 'printed-box';
const DAY = 86_400_000;

let s: BillingStack;
let qrId = '';
let adminKey = '';
let adminToken = '';

type Envelope<T> = { data: T };
type Failure = { error: { code: string; message: string; details: Array<Record<string, unknown>> } };
type Quota = {
  billing: {
    notice: string;
    writes_blocked: boolean;
    dunning_day: number | null;
    grace_ends_at: string | null;
    invoice_url: string | null;
    owner: { name: string; email: string };
  };
};

beforeAll(async () => {
  s = await startBillingStack();
  await s.enter('active');
  const qr = await s.v1<Envelope<{ id: string }>>('POST', '/v1/qr-codes', {
    destination_url: 'https://shop.example.com/spring',
    slug: SLUG,
    title: 'Box insert',
  });
  expect(qr.status).toBe(201);
  qrId = qr.body.data.id;
  const admin = await s.kit.signUp('worked-admin@example.com', { name: 'Adam Admin' });
  adminToken = admin.token;
  await s.kit.deps.pool.query(
    'INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)',
    [s.kit.owner.workspaceId, admin.userId, 'admin'],
  );
  const key = await s.kit.call('POST', `/api/workspaces/${s.kit.owner.workspaceId}/api-keys`, {
    token: admin.token,
    body: { name: 'admin', scopes: ['qr:read', 'qr:write'] },
  });
  expect(key.status).toBe(201);
  adminKey = ((await key.json()) as Envelope<{ key: string }>).data.key;
}, 180_000);

afterAll(async () => {
  await s?.close();
});

const scan = async () => {
  const res = await s.get(LINK_HOST, `/${SLUG}`);
  return { status: res.status, location: res.headers.get('location') };
};
const ownerEdit = (destination: string) =>
  s.v1<Envelope<unknown> & Failure>('PATCH', `/v1/qr-codes/${qrId}`, { destination_url: destination });
const adminEdit = async (destination: string) => {
  const res = await s.kit.api('PATCH', `/v1/qr-codes/${qrId}`, {
    key: adminKey,
    body: { destination_url: destination },
  });
  return { status: res.status, body: (await res.json()) as Failure };
};
const quota = async (token: string) =>
  (
    (await (
      await s.kit.call('GET', `/api/workspaces/${s.kit.owner.workspaceId}/quota`, { token })
    ).json()) as Envelope<Quota>
  ).data.billing;
const qrRow = async () =>
  (
    await s.kit.deps.pool.query<{ destination_url: string; row_version: string }>(
      'SELECT destination_url, row_version FROM qr_codes WHERE id = $1',
      [qrId],
    )
  ).rows[0];

describe('a past-due workspace: its QR code is scanned, its owner edits it', () => {
  it('day 3: the scan 302s; the Owner edit is allowed and audited; the Owner sees a banner with the invoice', async () => {
    await s.enter('past_due_day_3');
    expect(await scan()).toEqual({ status: 302, location: 'https://shop.example.com/spring' });
    const edit = await ownerEdit('https://shop.example.com/summer');
    expect(edit.status).toBe(200);
    expect(await scan()).toEqual({ status: 302, location: 'https://shop.example.com/summer' });
    const { rows } = await s.kit.deps.pool.query(
      "SELECT 1 FROM audit_log_entries WHERE resource_id = $1 AND action LIKE 'qr_code.%'",
      [qrId],
    );
    expect(rows.length).toBeGreaterThan(0);
    const banner = await quota(s.kit.owner.token);
    expect(banner).toMatchObject({ notice: 'past_due', writes_blocked: false, dunning_day: 3 });
    expect(banner.invoice_url).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_test_e2e_/);
  });

  it('day 10: the scan still 302s; the Owner and the Admin are refused with the remedy; nothing changes', async () => {
    await s.enter('past_due_day_10');
    const before = await qrRow();
    const owner = await ownerEdit('https://shop.example.com/autumn');
    expect(owner.status).toBe(403);
    expect(owner.body.error.code).toBe('billing_write_blocked');
    const [detail] = owner.body.error.details;
    expect(detail).toMatchObject({ field: 'workspace', issue: 'past_due' });
    const grace = Date.parse(String(detail?.grace_ends_at));
    expect(Math.abs(grace - (Date.now() - 10 * DAY + 8 * DAY))).toBeLessThan(120_000);
    expect(String(detail?.invoice_url)).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_test_e2e_/);

    const admin = await adminEdit('https://shop.example.com/autumn');
    expect(admin.status).toBe(403);
    expect(admin.body.error.code).toBe('billing_write_blocked');
    const adminView = await quota(adminToken);
    expect(adminView).toMatchObject({ notice: 'writes_blocked', writes_blocked: true, invoice_url: null });
    expect(adminView.owner.email).toBe('v1-owner@example.com');

    expect(await qrRow()).toEqual(before);
    expect(await scan()).toEqual({ status: 302, location: 'https://shop.example.com/summer' });
    // Billing itself stays open to the Owner: the remedy is reachable.
    const portal = await s.kit.call('POST', `/api/workspaces/${s.kit.owner.workspaceId}/billing/portal`, {
      token: s.kit.owner.token,
      body: {},
    });
    expect(portal.status).toBe(200);
  });

  it('paying the invoice lifts the block', async () => {
    await s.enter('downgraded');
    expect((await ownerEdit('https://shop.example.com/autumn')).status).toBe(200);
    expect(await scan()).toEqual({ status: 302, location: 'https://shop.example.com/autumn' });
  });
});

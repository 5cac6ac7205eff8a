import { expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { LinkView } from '@linkhub/shared/sync/views';
import { editDraft, rebaseDraft, startDraft } from '../../drafts/draft-rebase';
import { draftOf, planUpdate, type LinkDraft } from './link-diff';

/** Values in their stored (normalised) form, so a round trip through the schema changes nothing. */
const url = fc
  .tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.stringMatching(/^[a-z0-9]{0,8}$/))
  .map(([host, path]) => `https://${host}.example/${path}`);
const slug = fc.stringMatching(/^[a-z0-9]{1,8}-[a-z0-9]{1,8}$/);
const title = fc.option(fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9 ]{0,20}[A-Za-z0-9])?$/), { nil: null });
const tags = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,12}$/), { maxLength: 5 });
const utm = fc.record(
  { source: fc.stringMatching(/^[a-z]{1,8}$/), medium: fc.stringMatching(/^[a-z]{1,8}$/) },
  { requiredKeys: [] },
);
const minute = (year: number) =>
  fc
    .integer({ min: 0, max: 364 * 24 * 60 })
    .map((m) => new Date(Date.UTC(year, 0, 1) + m * 60_000).toISOString());
const startsAt = fc.option(minute(2026), { nil: null });
const expiresAt = fc.option(minute(2027), { nil: null });

const linkArb = fc
  .record({ destination_url: url, slug, title, tags, utm, starts_at: startsAt, expires_at: expiresAt })
  .map((fields): LinkView => ({
    id: '0190a000-0000-7000-8000-000000000001',
    workspace_id: '0190a000-0000-7000-8000-0000000000aa',
    domain_id: 'd1',
    host: 'lnk.test',
    rules: [],
    destinations: [],
    status: 'active',
    archived_at: null,
    locked: false,
    qr_code_id: null,
    social_preview: null,
    ios_url: null,
    android_url: null,
    expired_url: null,
    has_password: false,
    max_clicks: null,
    click_count: 0,
    click_limit_reached_at: null,
    folder_id: null,
    note: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...fields,
  }));
/** Some fields of another version of the link (what the user typed, or what another device saved). */
const otherFields = fc.record(
  { destination_url: url, slug, title, tags, utm, starts_at: startsAt, expires_at: expiresAt },
  { requiredKeys: [] },
);

const ref = {
  id: '0190a000-0000-7000-8000-000000000001',
  workspace_id: '0190a000-0000-7000-8000-0000000000aa',
};
const all = { targeting: true, split: true, timeZone: 'UTC' };
/** Workspace clocks: whole, half and quarter hours off UTC, with and without daylight saving. */
const zone = fc.constantFrom(
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
);
const TYPED = [
  'destination_url',
  'slug',
  'title',
  'tags',
  'starts_at',
  'expires_at',
  'utm',
] as const satisfies ReadonlyArray<keyof LinkDraft>;

/** The user typing the other version's values into the open form. */
function typeInto(link: LinkView, typed: Partial<LinkView>, timeZone = 'UTC') {
  const target = draftOf({ ...link, ...typed }, timeZone);
  let state = startDraft(draftOf(link, timeZone));
  for (const key of TYPED) state = editDraft(state, key, target[key]);
  return { state, target };
}

/** What updateLink's client mutator does with the arguments: patch the synced view. */
function apply(link: LinkView, args: Record<string, unknown>): LinkView {
  const { id: _id, workspace_id: _ws, ...patch } = args;
  return { ...link, ...patch };
}

test.prop([linkArb])('an unchanged form sends no update', (link) => {
  expect(planUpdate(startDraft(draftOf(link, 'UTC')), ref, all)).toEqual({ kind: 'unchanged' });
});

test.prop([linkArb, otherFields, zone])(
  'applying the update to the synced link gives what the form shows, on the workspace clock',
  (link, typed, timeZone) => {
    const { state, target } = typeInto(link, typed, timeZone);
    const plan = planUpdate(state, ref, { ...all, timeZone });
    if (JSON.stringify(target) === JSON.stringify(draftOf(link, timeZone)))
      return expect(plan.kind).toBe('unchanged');
    expect(plan.kind).toBe('update');
    if (plan.kind !== 'update') return;
    expect(draftOf(apply(link, plan.args), timeZone)).toEqual(target);
  },
);

test.prop([linkArb, otherFields, otherFields])(
  'a field the user left alone is never sent, whatever sync does to it',
  (link, typed, theirs) => {
    const { state } = typeInto(link, typed);
    const rebased = rebaseDraft(state, draftOf({ ...link, ...theirs }, 'UTC'));
    const plan = planUpdate(rebased, ref, all);
    if (plan.kind !== 'update') return;
    const sent = Object.keys(plan.args).filter((k) => k !== 'id' && k !== 'workspace_id');
    const before = draftOf(link, 'UTC');
    const touched = (Object.keys(before) as Array<keyof LinkDraft>).filter(
      (k) => JSON.stringify(state.draft[k]) !== JSON.stringify(before[k]),
    );
    expect(sent.every((k) => touched.some((t) => t === k))).toBe(true);
  },
);

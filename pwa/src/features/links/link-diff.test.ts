import { describe, expect, it } from 'vitest';
import type { LinkView } from '@linkhub/shared/sync/views';
import { editDraft, markSaved, rebaseDraft, startDraft } from '../../drafts/draft-rebase';
import { fieldErrors } from '../../ui/error-messages';
import {
  changedFields,
  draftOf,
  linkConflicts,
  lookalikeToConfirm,
  planCreate,
  planUpdate,
  updateInput,
  saveBlocker,
  credentialErrors,
} from './link-diff';

const link: LinkView = {
  id: '0190a000-0000-7000-8000-000000000001',
  workspace_id: '0190a000-0000-7000-8000-0000000000aa',
  domain_id: 'd1',
  host: 'lnk.test',
  slug: 'spring',
  destination_url: 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
  title: 'Spring sale',
  tags: ['sale', 'news'],
  utm: { source: 'newsletter', other: 'x' },
  rules: [],
  destinations: [],
  status: 'active',
  starts_at: '2026-03-01T09:30:00.000Z',
  expires_at: null,
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
};
const ref = { id: link.id, workspace_id: link.workspace_id };
const all = { targeting: true, split: true, timeZone: 'UTC' };
const open = () => startDraft(draftOf(link, 'UTC'));

describe('the link form against the synced link', () => {
  it('shows the stored link in the form’s words: Unicode destination, comma-separated tags, UTC minutes, known UTM keys', () => {
    expect(draftOf(link, 'UTC')).toMatchObject({
      destination_url: 'https://ja.wikipedia.org/wiki/東京',
      tags: 'sale, news',
      starts_at: '2026-03-01T09:30',
      expires_at: '',
      utm: { source: 'newsletter' },
    });
    expect(draftOf(null, 'UTC')).toMatchObject({
      destination_url: '',
      slug: '',
      title: '',
      tags: '',
      rules: [],
      split: [],
    });
  });

  it('sends nothing when nothing was changed', () => {
    expect(planUpdate(open(), ref, all)).toEqual({ kind: 'unchanged' });
    expect(changedFields(open())).toEqual([]);
  });

  it('sends only the changed fields, in the mutator’s shape', () => {
    let s = editDraft(open(), 'title', 'Summer sale');
    s = editDraft(s, 'tags', ' summer ,, sale ');
    s = editDraft(s, 'expires_at', '2026-09-01T00:00');
    expect(changedFields(s)).toEqual(['title', 'tags', 'expires_at']);
    expect(planUpdate(s, ref, all)).toEqual({
      kind: 'update',
      args: {
        ...ref,
        title: 'Summer sale',
        tags: ['summer', 'sale'],
        expires_at: '2026-09-01T00:00:00.000Z',
      },
    });
  });

  it('reads the schedule on the workspace clock, and leaves a time that names none to the schema', () => {
    const berlin = { ...all, timeZone: 'Europe/Berlin' };
    const opened = startDraft(draftOf(link, 'Europe/Berlin'));
    expect(opened.draft.starts_at).toBe('2026-03-01T10:30');
    expect(planUpdate(editDraft(opened, 'expires_at', '2026-12-24T09:00'), ref, berlin)).toEqual({
      kind: 'update',
      args: { ...ref, expires_at: '2026-12-24T08:00:00.000Z' },
    });
    const beforeStart = planUpdate(editDraft(opened, 'expires_at', '2026-03-01T10:00'), ref, berlin);
    expect(beforeStart.kind).toBe('invalid');
    if (beforeStart.kind === 'invalid') expect(beforeStart.error.issues[0]?.path).toEqual(['expires_at']);
    const sixDigitYear = planUpdate(editDraft(opened, 'expires_at', '20000-01-01T00:00'), ref, berlin);
    expect(sixDigitYear.kind).toBe('invalid');
    if (sixDigitYear.kind === 'invalid') expect(sixDigitYear.error.issues[0]?.path).toEqual(['expires_at']);
  });

  it('clears an emptied title and schedule, but never sends an emptied slug', () => {
    let s = editDraft(open(), 'title', '');
    s = editDraft(s, 'starts_at', '');
    expect(planUpdate(s, ref, all)).toEqual({
      kind: 'update',
      args: { ...ref, title: null, starts_at: null },
    });
    expect(planUpdate(editDraft(open(), 'slug', ''), ref, all)).toEqual({ kind: 'unchanged' });
  });

  it('drops emptied UTM values and leaves out routing the user may not change', () => {
    let s = editDraft(open(), 'utm', { source: ' ', medium: 'email' });
    s = editDraft(s, 'split', [{ id: '', url: 'https://a.example/', weight: '50' }]);
    expect(planUpdate(s, ref, { targeting: true, split: false, timeZone: 'UTC' })).toEqual({
      kind: 'update',
      args: { ...ref, utm: { medium: 'email' } },
    });
  });

  it('follows another device’s change to a field the user did not touch, and does not send it back', () => {
    let s = editDraft(open(), 'title', 'Mine');
    s = rebaseDraft(s, draftOf({ ...link, destination_url: 'https://elsewhere.example/' }, 'UTC'));
    expect(s.draft.destination_url).toBe('https://elsewhere.example/');
    expect(linkConflicts(s)).toEqual([]);
    expect(planUpdate(s, ref, all)).toEqual({ kind: 'update', args: { ...ref, title: 'Mine' } });
  });

  it('sends, for each changed field, the value stored when the form opened as its base', () => {
    let s = editDraft(open(), 'title', 'Mine');
    s = editDraft(s, 'utm', { source: 'mail' });
    s = editDraft(s, 'destination_url', 'https://example.com/new');
    expect(planUpdate(s, ref, all, link)).toEqual({
      kind: 'update',
      args: {
        ...ref,
        title: 'Mine',
        utm: { source: 'mail' },
        destination_url: 'https://example.com/new',
        // The stored spelling (percent-encoded host path, every UTM key), not the form's.
        base: {
          title: 'Spring sale',
          utm: { source: 'newsletter', other: 'x' },
          destination_url: 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
        },
      },
    });
  });

  it('keeps the form’s start as the base when the synced link moved on under an edited field', () => {
    const s = rebaseDraft(editDraft(open(), 'title', 'Mine'), draftOf({ ...link, title: 'Theirs' }, 'UTC'));
    const plan = updateInput(s, ref, all, { ...link, title: 'Theirs' });
    expect(plan?.base).toEqual({ title: 'Spring sale' });
  });

  it('holds the save while a field both changed is unsettled', () => {
    const s = rebaseDraft(editDraft(open(), 'title', 'Mine'), draftOf({ ...link, title: 'Theirs' }, 'UTC'));
    expect(linkConflicts(s)).toEqual(['title']);
    expect(saveBlocker(s, null, null)).toBe('Settle the change from another device first.');
    expect(saveBlocker(open(), 'Another link already uses this slug.', null)).toBe(
      'Another link already uses this slug.',
    );
    expect(saveBlocker(open(), null, 'xn--pple-43d.com')).toBe('Confirm the look-alike address first.');
    expect(saveBlocker(open(), null, null)).toBeNull();
  });

  it('sends nothing more after a save until the user types again', () => {
    const s = markSaved(editDraft(open(), 'title', 'Saved'));
    expect(planUpdate(s, ref, all)).toEqual({ kind: 'unchanged' });
  });

  it('names what the schema refuses, per field', () => {
    const plan = planUpdate(editDraft(open(), 'destination_url', 'not a url'), ref, all);
    expect(plan.kind).toBe('invalid');
    if (plan.kind !== 'invalid') return;
    expect(fieldErrors(plan.error).destination_url).toMatch(/^Enter a full/);
  });

  it('creates with what was typed, leaving an empty slug and title to the server', () => {
    const draft = {
      ...draftOf(null, 'UTC'),
      destination_url: ' https://shop.example/a ',
      tags: 'a, b, a',
      utm: { source: 'x', medium: '' },
    };
    expect(planCreate(draft, ref)).toEqual({
      kind: 'create',
      args: { ...ref, destination_url: 'https://shop.example/a', tags: ['a', 'b'], utm: { source: 'x' } },
    });
    expect(planCreate({ ...draft, slug: 'Spring-1', title: 'Hi' }, ref)).toMatchObject({
      kind: 'create',
      args: { slug: 'spring-1', title: 'Hi' },
    });
  });

  it('asks to confirm a look-alike host on a new or changed destination only, until confirmed', () => {
    const lookalike = 'https://\u0430pple.com/';
    const fresh = startDraft({ ...draftOf(null, 'UTC'), destination_url: lookalike });
    expect(lookalikeToConfirm(fresh, true, null)).not.toBeNull();
    expect(
      lookalikeToConfirm(startDraft(draftOf({ ...link, destination_url: lookalike }, 'UTC')), false, null),
    ).toBeNull();
    const edited = editDraft(open(), 'destination_url', lookalike);
    const host = lookalikeToConfirm(edited, false, null);
    expect(host).not.toBeNull();
    expect(lookalikeToConfirm(edited, false, host)).toBeNull();
  });
});

describe('credentialErrors', () => {
  const sentence = 'The destination carries a user name or password, which every visitor would receive.';
  it('names each destination carrying a user name or password by its form key', () => {
    const draft = {
      ...draftOf(link, 'UTC'),
      destination_url: 'https://user:pw@example.com/',
      rules: [
        {
          ...draftOf(null, 'UTC').rules[0],
          id: 'r',
          kind: 'language' as const,
          values: 'fr',
          from: '',
          to: '',
          days: [],
          url: 'https://a:b@fr.example.com/',
          more: [],
        },
      ],
      split: [
        { id: 'a', url: 'https://example.com/a', weight: '50' },
        { id: 'b', url: 'https://paypal.com@pay.example.net/', weight: '50' },
      ],
    };
    expect(credentialErrors(draft, link)).toEqual({
      destination_url: sentence,
      'rules.0.destination_url': sentence,
      'destinations.1.url': sentence,
    });
  });

  it('lets a link be saved when none does, and does not hold up a stored main destination', () => {
    expect(credentialErrors(draftOf(link, 'UTC'), link)).toBeNull();
    const stored = { ...link, destination_url: 'https://old:pw@example.com/' };
    expect(credentialErrors(draftOf(stored, 'UTC'), stored)).toBeNull();
  });
});

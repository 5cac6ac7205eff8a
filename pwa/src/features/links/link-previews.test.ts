import { describe, expect, it } from 'vitest';
import type { LinkView } from '@linkhub/shared/sync/views';
import { editDraft, startDraft } from '../../drafts/draft-rebase';
import { fieldErrors } from '../../ui/error-messages';
import { draftOf, planUpdate } from './link-diff';

const link: LinkView = {
  id: '0190a000-0000-7000-8000-000000000001',
  workspace_id: '0190a000-0000-7000-8000-0000000000aa',
  domain_id: 'd1',
  host: 'lnk.test',
  slug: 'spring',
  destination_url: 'https://example.com/spring',
  title: null,
  tags: [],
  utm: {},
  rules: [],
  destinations: [],
  status: 'active',
  starts_at: null,
  expires_at: null,
  archived_at: null,
  locked: false,
  qr_code_id: null,
  folder_id: null,
  note: null,
  expired_url: null,
  has_password: false,
  max_clicks: null,
  click_count: 0,
  click_limit_reached_at: null,
  social_preview: { title: 'Spring', description: null, image_url: null },
  ios_url: null,
  android_url: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const ref = { id: link.id, workspace_id: link.workspace_id };
const all = { targeting: true, split: true, timeZone: 'UTC' };

describe('link form: social preview and app links', () => {
  it('shows the stored card and sends the whole card when one of its fields changes', () => {
    const state = editDraft(startDraft(draftOf(link, 'UTC')), 'preview_description', 'Forty percent off');
    expect(state.draft.preview_title).toBe('Spring');
    const plan = planUpdate(state, ref, all, link);
    expect(plan).toMatchObject({
      kind: 'update',
      args: { social_preview: { title: 'Spring', description: 'Forty percent off', image_url: null } },
    });
    if (plan.kind === 'update') expect(plan.args).not.toHaveProperty('ios_url');
  });

  it('sends an emptied app link as null, and refuses a scheme off the list beside its field', () => {
    const withApp = { ...link, ios_url: 'instagram://user?username=a' };
    const cleared = planUpdate(
      editDraft(startDraft(draftOf(withApp, 'UTC')), 'ios_url', ' '),
      ref,
      all,
      withApp,
    );
    expect(cleared).toMatchObject({ kind: 'update', args: { ios_url: null } });
    const refused = planUpdate(
      editDraft(startDraft(draftOf(link, 'UTC')), 'android_url', 'javascript:alert(1)'),
      ref,
      all,
      link,
    );
    expect(refused.kind).toBe('invalid');
    if (refused.kind === 'invalid') expect(Object.keys(fieldErrors(refused.error))).toContain('android_url');
  });
});

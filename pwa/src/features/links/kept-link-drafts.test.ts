import { describe, expect, it } from 'vitest';
import type { NoticeView } from '@linkhub/shared/sync/views';
import { keptLinkDrafts } from './kept-link-drafts';
import type { LinkDraft } from './link-diff';

/** A refused link create reopens with what was typed. */
const draft: LinkDraft = {
  destination_url: 'https://example.com/spring',
  slug: 'spring',
  title: 'Spring',
  tags: '',
  starts_at: '',
  expires_at: '',
  utm: {},
  rules: [],
  split: [],
  preview_title: '',
  preview_description: '',
  preview_image: '',
  ios_url: '',
  android_url: '',
  folder_id: '',
  note: '',
};
const anonymous = (mutation: string): NoticeView => ({
  id: 'n',
  workspace_id: 'w',
  mutation_name: mutation,
  code: 'slug_taken',
  message: 'Not saved: the slug is taken.',
  details: [],
  resource_type: null,
  resource_id: null,
  resource_title: null,
  created_at: '2026-12-04T12:00:00.000Z',
});

describe('keptLinkDrafts', () => {
  it('matches a createLink notice that names no link, never another create’s', () => {
    const at = Date.parse('2026-12-04T12:00:00.000Z');
    keptLinkDrafts.keep('l-1', draft, at);
    expect(keptLinkDrafts.refused('l-1', [anonymous('createQrCode')])).toBeNull();
    expect(keptLinkDrafts.refused('l-1', [anonymous('createLink')])?.draft).toEqual(draft);
    keptLinkDrafts.forget('l-1');
    expect(keptLinkDrafts.refused('l-1', [anonymous('createLink')])).toBeNull();
  });
});

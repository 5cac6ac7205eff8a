import { describe, expect, it } from 'vitest';
import type { NoticeView } from '@linkhub/shared/sync/views';
import { noticesForWorkspace, noticeTarget } from './notice-scope';

const A = '0190a000-0000-7000-8000-00000000000a';
const B = '0190a000-0000-7000-8000-00000000000b';

function notice(over: Partial<NoticeView>): NoticeView {
  return {
    id: 'n1',
    workspace_id: A,
    mutation_name: 'updateLink',
    code: 'not_found',
    message: 'Your change was not saved: not found.',
    details: [],
    resource_type: null,
    resource_id: null,
    resource_title: null,
    created_at: '2026-12-07T18:00:00.000Z',
    ...over,
  };
}

describe('notices of the current workspace', () => {
  it('keeps this workspace’s notices and account-level ones, and drops another workspace’s', () => {
    const notices = [
      notice({ id: 'a', workspace_id: A }),
      notice({ id: 'b', workspace_id: B }),
      notice({ id: 'none', workspace_id: null }),
    ];
    expect(noticesForWorkspace(notices, A).map((n) => n.id)).toEqual(['a', 'none']);
    expect(noticesForWorkspace(notices, B).map((n) => n.id)).toEqual(['b', 'none']);
  });
});

describe('the editor a notice opens', () => {
  it('opens the link, bio page or QR code it is about, named by its title', () => {
    expect(
      noticeTarget(notice({ resource_type: 'link', resource_id: 'L1', resource_title: 'Shop' })),
    ).toEqual({
      href: '/links/L1',
      label: 'Open link “Shop”',
    });
    expect(
      noticeTarget(notice({ resource_type: 'bio_page', resource_id: 'P1', resource_title: null })),
    ).toEqual({ href: '/pages/P1', label: 'Open bio page' });
    expect(
      noticeTarget(notice({ resource_type: 'qr_code', resource_id: 'Q1', resource_title: '' }))?.href,
    ).toBe('/qr/Q1');
  });

  it('offers no link for a notice about no resource or a kind the editor cannot open', () => {
    expect(noticeTarget(notice({}))).toBeNull();
    expect(noticeTarget(notice({ resource_type: 'workspace', resource_id: A }))).toBeNull();
  });
});

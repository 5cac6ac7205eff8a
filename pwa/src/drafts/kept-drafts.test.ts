import { describe, expect, it } from 'vitest';
import type { NoticeView } from '@linkhub/shared/sync/views';
import { createKeptDrafts } from './kept-drafts';

const notice = (over: Partial<NoticeView>): NoticeView => ({
  id: 'n1',
  workspace_id: 'w',
  mutation_name: 'createLink',
  code: 'slug_taken',
  message: 'Your change to “Spring” was not saved: the slug is taken.',
  details: [],
  resource_type: 'link',
  resource_id: 'l1',
  resource_title: 'Spring',
  created_at: '2026-12-04T12:00:00.000Z',
  ...over,
});
const at = Date.parse('2026-12-04T12:00:00.000Z');

describe('the typed values of a refused create', () => {
  it('come back with the notice that names the new item', () => {
    const kept = createKeptDrafts<{ title: string }>('createLink');
    kept.keep('l1', { title: 'Spring' }, at);
    expect(kept.refused('l1', [notice({})])).toEqual({ draft: { title: 'Spring' }, notice: notice({}) });
  });

  it('match a notice that names no resource by its mutation and time, not an older one or another kind', () => {
    const kept = createKeptDrafts<{ handle: string }>('createPage');
    kept.keep('p1', { handle: 'maya' }, at);
    const anonymous = notice({ mutation_name: 'createPage', resource_id: null, resource_type: null });
    expect(kept.refused('p1', [anonymous])?.draft).toEqual({ handle: 'maya' });
    expect(kept.refused('p1', [{ ...anonymous, created_at: '2026-12-04T11:50:00.000Z' }])).toBeNull();
    expect(kept.refused('p1', [{ ...anonymous, mutation_name: 'createLink' }])).toBeNull();
  });

  it('are not offered while no notice refuses them, nor after being forgotten', () => {
    const kept = createKeptDrafts<{ title: string }>('createLink');
    kept.keep('l1', { title: 'Spring' }, at);
    expect(kept.refused('l1', [])).toBeNull();
    kept.forget('l1');
    expect(kept.refused('l1', [notice({})])).toBeNull();
  });
});

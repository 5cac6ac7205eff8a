import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { clientMutators } from '@linkhub/shared/mutators/index';
import type { NoticeView } from '@linkhub/shared/sync/views';
import { DurableReplicache } from '../../replicache/durable-rep';
import type { Rep } from '../../replicache/create-rep';
import { RepContext } from '../../replicache/rep-context';
import { ConflictsOf, conflictDetails, resourcePath } from './conflict-card';

/** A conflict notice in the editor: each field the user's text beside the newer one that was kept. */
const linkId = '0190f1f0-0000-7000-8000-0000000000b1';
const notice = (over: Partial<NoticeView> = {}): NoticeView => ({
  id: 'n1',
  workspace_id: 'w',
  mutation_name: 'updateLink',
  code: 'edit_conflict',
  message: 'Someone changed “Spring” while you were editing: their newer title was kept.',
  details: [
    {
      field: 'title',
      mine: 'Spring sale',
      theirs: 'Spring',
      mutation: 'updateLink',
      ref: { id: linkId, workspace_id: 'w' },
    },
    {
      field: 'destination_url',
      mine: 'https://a.example',
      theirs: null,
      mutation: 'updateLink',
      ref: { id: linkId, workspace_id: 'w' },
    },
  ],
  resource_type: 'link',
  resource_id: linkId,
  resource_title: 'Spring',
  created_at: '2026-12-04T12:00:00.000Z',
  ...over,
});

let rep: Rep | null = null;
afterEach(async () => {
  await rep?.close();
  rep = null;
});

describe('conflictDetails', () => {
  it('reads the fields of a conflict notice, and nothing from any other notice', () => {
    expect(conflictDetails(notice())?.map((d) => d.field)).toEqual(['title', 'destination_url']);
    expect(conflictDetails(notice({ code: 'slug_taken' }))).toBeNull();
    expect(conflictDetails(notice({ details: [] }))).toBeNull();
    expect(conflictDetails(notice({ details: [{ field: 'title' }] }))).toBeNull();
  });
});

describe('resourcePath', () => {
  it('opens the edited item where the editor shows it', () => {
    expect(resourcePath({ resource_type: 'link', resource_id: 'l1' })).toBe('/links/l1');
    expect(resourcePath({ resource_type: 'qr_code', resource_id: 'q1' })).toBe('/qr/q1');
    expect(resourcePath({ resource_type: 'bio_page', resource_id: 'p1' })).toBe('/pages/p1');
    expect(resourcePath({ resource_type: 'domain', resource_id: 'd1' })).toBe('/domains');
    expect(resourcePath({ resource_type: 'workspace', resource_id: 'w1' })).toBe('/settings');
    expect(resourcePath({ resource_type: 'experiment', resource_id: 'e1' })).toBeNull();
    expect(resourcePath({ resource_type: 'link', resource_id: null })).toBeNull();
  });
});

describe('ConflictsOf', () => {
  const render = (notices: NoticeView[], resourceId: string) => {
    rep = new DurableReplicache({
      name: `conflicts-${Math.random()}`,
      mutators: clientMutators,
      kvStore: 'mem',
    });
    return renderToStaticMarkup(
      <RepContext.Provider value={rep}>
        <ConflictsOf notices={notices} resourceId={resourceId} />
      </RepContext.Provider>,
    );
  };

  it('shows each field, mine beside theirs, with both choices', () => {
    const html = render([notice()], linkId);
    expect(html).toContain('Title: yours');
    expect(html).toContain('Spring sale');
    expect(html).toContain('Title: theirs (kept)');
    expect(html).toContain('Destination: yours');
    expect(html).toContain('>(empty)<');
    expect(html).toContain('Keep mine');
    expect(html).toContain('Keep theirs');
    expect(html).toContain('aria-label="Conflict on Spring"');
  });

  it('shows nothing for another item’s conflicts or a notice that is no conflict', () => {
    expect(render([notice()], '0190f1f0-0000-7000-8000-0000000000ff')).toBe('');
    expect(render([notice({ code: 'slug_taken' })], linkId)).toBe('');
  });
});

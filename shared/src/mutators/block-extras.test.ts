import { describe, expect, it } from 'vitest';
import { addBlockArgs, updateBlockArgs, updatePageArgs, updatePage } from './pages';

const ids = {
  id: '0190f0f0-0000-7000-8000-000000000001',
  page_id: '0190f0f0-0000-7000-8000-000000000002',
  workspace_id: '0190f0f0-0000-7000-8000-000000000003',
};

/** The editor's offline door for schedules and notices (D-605, D-606): the same checks as REST, before anything is stored. */
describe('block schedule and notice mutator args', () => {
  it('adds a scheduled link behind a notice, and refuses an end before its start on the device', () => {
    const ok = addBlockArgs.safeParse({
      ...ids,
      type: 'link',
      position: 'a0',
      data: {
        title: 'Drop',
        url: 'https://shop.example/drop',
        visible_from: '2026-12-12T10:00:00Z',
        visible_until: '2026-12-14T18:00:00Z',
        notice: { kind: 'adult' },
      },
    });
    expect(ok.success).toBe(true);
    const refused = addBlockArgs.safeParse({
      ...ids,
      type: 'divider',
      position: 'a0',
      data: { visible_from: '2026-12-14T18:00:00Z', visible_until: '2026-12-12T10:00:00Z' },
    });
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['data.visible_until']);
  });

  it('clears a schedule with null in a partial update, with its base', () => {
    expect(
      updateBlockArgs.safeParse({
        ...ids,
        data: { visible_until: null },
        base: { data: { visible_until: '2026-12-14T18:00:00Z' } },
      }).success,
    ).toBe(true);
  });

  it('sets and clears the page’s notice as a page update', () => {
    const page = { id: ids.page_id, workspace_id: ids.workspace_id };
    const set = updatePageArgs.parse({ ...page, notice: { kind: 'sensitive', message: 'Spoilers.' } });
    expect(updatePage.actions?.(set)).toEqual(['bio_page.update']);
    expect(
      updatePageArgs.safeParse({ ...page, notice: null, base: { notice: { kind: 'adult' } } }).success,
    ).toBe(true);
    expect(updatePageArgs.safeParse({ ...page, notice: { kind: 'gore' } }).success).toBe(false);
  });
});

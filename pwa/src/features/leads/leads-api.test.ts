import { describe, expect, it } from 'vitest';
import { leadsPath } from './leads-api';

describe('leads requests', () => {
  it('name the workspace, and the page, search and cursor only when given', () => {
    expect(leadsPath('w1')).toBe('/v1/leads?workspace_id=w1');
    expect(leadsPath('w1', { pageId: 'p1', q: '  ann@ ', cursor: 'c2' })).toBe(
      '/v1/leads?workspace_id=w1&page_id=p1&q=ann%40&cursor=c2',
    );
    expect(leadsPath('w1', { pageId: null, q: '   ', cursor: null })).toBe('/v1/leads?workspace_id=w1');
  });
});

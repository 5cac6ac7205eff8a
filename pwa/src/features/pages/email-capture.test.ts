import { describe, expect, it } from 'vitest';
import type { BlockView } from '@linkhub/shared/sync/views';
import { publishBlockers } from './email-capture';

const block = (type: string, is_visible = true): BlockView => ({
  id: type,
  page_id: 'p',
  workspace_id: 'w',
  type,
  position: 'a0',
  data: {},
  is_visible,
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('publishing a page with an email sign-up block', () => {
  it('is held back while a visible sign-up block would answer visitors 503', () => {
    expect(publishBlockers([block('header'), block('email_capture')]).map((b) => b.id)).toEqual([
      'email_capture',
    ]);
  });
  it('goes ahead once the sign-up block is hidden, or without one', () => {
    expect(publishBlockers([block('header'), block('email_capture', false)])).toEqual([]);
    expect(publishBlockers([block('link')])).toEqual([]);
  });
});

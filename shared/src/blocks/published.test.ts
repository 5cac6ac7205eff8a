import { describe, expect, it } from 'vitest';
import { safeParsePublishedSnapshot } from './published';

describe('safeParsePublishedSnapshot', () => {
  const page = {
    id: 'p1',
    workspace_id: 'w1',
    handle: 'maya',
    title: 'Maya',
    bio: '',
    avatar_url: 'https://img.example/a.png',
  };
  const blocks = [
    { id: 'a', type: 'link', data: { title: 'Shop', url: 'https://shop.example' } },
    { id: 'b', type: 'link', data: { title: 'Hidden', url: 'https://hidden.example' }, is_visible: false },
  ];

  it('reads the {page, blocks} shape, maps the avatar and leaves hidden blocks out', () => {
    const parsed = safeParsePublishedSnapshot({ page, blocks });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.avatar).toEqual({ url: 'https://img.example/a.png', alt: '' });
    expect(parsed.data?.blocks.map((b) => b.id)).toEqual(['a']);
    expect(parsed.data?.theme.button_style).toBe('filled');
  });

  it('reads the flat shape and refuses garbage', () => {
    expect(safeParsePublishedSnapshot({ ...page, blocks }).success).toBe(true);
    expect(safeParsePublishedSnapshot('nope').success).toBe(false);
    expect(safeParsePublishedSnapshot({ page: { ...page, handle: 'Bad Handle' }, blocks }).success).toBe(
      false,
    );
  });
});

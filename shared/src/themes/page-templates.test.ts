import { describe, expect, it } from 'vitest';
import { addBlockArgs, createPageArgs } from '../mutators/pages';
import { PAGE_TEMPLATES, templateBlocks, templatePreset } from './page-templates';
import { presetByKey } from './presets';

const WORKSPACE = '0190a000-0000-7000-8000-000000000001';
const PAGE = '0190a000-0000-7000-8000-000000000002';

describe('page templates', () => {
  it('cover a musician, a shop, a creator and a restaurant, each with a known preset', () => {
    expect(PAGE_TEMPLATES.map((t) => t.key)).toEqual(
      expect.arrayContaining(['musician', 'shop', 'creator', 'restaurant']),
    );
    for (const template of PAGE_TEMPLATES) expect(presetByKey(template.preset)).toBeDefined();
  });

  it.each(PAGE_TEMPLATES.map((t) => [t.key, t] as const))(
    '%s becomes one valid createPage and one valid addBlock per block, in order',
    (_key, template) => {
      const create = createPageArgs.safeParse({
        id: PAGE,
        workspace_id: WORKSPACE,
        handle: 'demo',
        title: template.name,
        bio: template.bio,
        theme: templatePreset(template).theme,
      });
      expect(create.success).toBe(true);
      const blocks = templateBlocks(template);
      expect(blocks).toHaveLength(template.blocks.length);
      const positions = blocks.map((b) => b.position);
      expect([...positions].sort()).toEqual(positions);
      blocks.forEach((block, index) => {
        const args = addBlockArgs.safeParse({
          id: `0190a000-0000-7000-8000-00000000010${index}`,
          page_id: PAGE,
          workspace_id: WORKSPACE,
          ...block,
        });
        expect(args.success, JSON.stringify(args.error?.issues)).toBe(true);
      });
    },
  );
});

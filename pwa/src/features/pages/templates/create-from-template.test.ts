import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clientMutators } from '@linkhub/shared/mutators/index';
import { PAGE_TEMPLATES, templatePreset } from '@linkhub/shared/themes/page-templates';
import { DurableReplicache } from '../../../replicache/durable-rep';
import type { Rep } from '../../../replicache/create-rep';
import { getPage, listBlocks } from '../../../replicache/queries';
import { createFromTemplate } from './create-from-template';

/** A page from a template: plain mutations, so it shows at once and works offline. */
const ws = '0190f1f0-0000-7000-8000-0000000000d1';
const pageId = '0190f1f0-0000-7000-8000-0000000000d2';
let rep: Rep | null = null;
afterEach(async () => {
  await rep?.close();
  rep = null;
});
const open = (): Rep => {
  rep = new DurableReplicache({
    name: `template-${Math.random()}`,
    mutators: clientMutators,
    kvStore: 'mem',
  });
  return rep;
};

describe('createFromTemplate', () => {
  it('the template’s look, bio and blocks, in the template’s order', async () => {
    const template = PAGE_TEMPLATES.find((t) => t.key === 'shop');
    if (!template) throw new Error('no shop template');
    const r = open();
    await createFromTemplate(r, { id: pageId, workspace_id: ws, handle: 'shop', title: 'Shop' }, 'shop');
    const page = await r.query((tx) => getPage(tx, pageId));
    expect(page).toMatchObject({ title: 'Shop', bio: template.bio, theme: templatePreset(template).theme });
    const blocks = await r.query((tx) => listBlocks(tx, pageId));
    expect(blocks.map((b) => b.type)).toEqual(template.blocks.map((b) => b.type));
    expect(new Set(blocks.map((b) => b.id)).size).toBe(blocks.length);
  });

  it('a bio the person typed wins over the template’s', async () => {
    const r = open();
    await createFromTemplate(
      r,
      { id: pageId, workspace_id: ws, handle: 'shop', title: 'Shop', bio: 'Mine' },
      'shop',
    );
    expect((await r.query((tx) => getPage(tx, pageId)))?.bio).toBe('Mine');
  });

  it('an unknown template makes a plain page with no blocks', async () => {
    const r = open();
    await createFromTemplate(
      r,
      { id: pageId, workspace_id: ws, handle: 'blank', title: 'Blank' },
      'no-such-template',
    );
    expect((await r.query((tx) => getPage(tx, pageId)))?.handle).toBe('blank');
    expect(await r.query((tx) => listBlocks(tx, pageId))).toEqual([]);
  });
});

import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { createPageArgs } from '@linkhub/shared/mutators/pages';
import { PAGE_TEMPLATES, templateBlocks, templatePreset } from '@linkhub/shared/themes/page-templates';
import type { Rep } from '../../../replicache/create-rep';

/**
 * A page created from a template: the page's create with the template's bio and look, then one
 * block add per block, in order. Plain mutations, so it works offline like any create (D-582).
 */
export async function createFromTemplate(
  rep: Rep,
  args: z.infer<typeof createPageArgs>,
  templateKey: string,
): Promise<void> {
  const template = PAGE_TEMPLATES.find((t) => t.key === templateKey);
  if (template === undefined) {
    await rep.mutate.createPage(args);
    return;
  }
  await rep.mutate.createPage({
    ...args,
    bio: args.bio ?? template.bio,
    theme: templatePreset(template).theme,
  });
  for (const block of templateBlocks(template))
    await rep.mutate.addBlock({ id: uuidv7(), page_id: args.id, workspace_id: args.workspace_id, ...block });
}

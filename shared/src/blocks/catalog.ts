import {
  dividerHtml,
  embedHtml,
  emailCaptureHtml,
  headerHtml,
  imageHtml,
  linkHtml,
  socialHtml,
  textHtml,
} from './block-html';
import { resolveEmbed } from './embeds';
import type { RenderContext } from './render-context';
import type { BlockOf, BlockType, SnapshotBlock } from './snapshot';

/**
 * The block catalog as data: per block type, the label the editor shows, whether a visitor can
 * click through it (the `/{handle}/l/{blockId}` hop serves it), and how it renders.
 */
export interface BlockDefinition<T extends BlockType> {
  label: string;
  /** The destinations of the block, in hop order (`index` of a social link); empty when it links nowhere. */
  destinations: (block: BlockOf<T>) => readonly string[];
  render: (block: BlockOf<T>, ctx: RenderContext) => string;
}

export const blockCatalog: { readonly [T in BlockType]: BlockDefinition<T> } = {
  link: { label: 'Link', destinations: (b) => [b.data.url], render: linkHtml },
  header: { label: 'Header', destinations: () => [], render: headerHtml },
  text: { label: 'Text', destinations: () => [], render: textHtml },
  social: { label: 'Social icons', destinations: (b) => b.data.links.map((l) => l.url), render: socialHtml },
  image: { label: 'Image', destinations: () => [], render: imageHtml },
  embed: {
    label: 'Embed',
    destinations: (b) => [resolveEmbed(b.data.url)?.pageUrl ?? b.data.url],
    render: embedHtml,
  },
  email_capture: { label: 'Email sign-up', destinations: () => [], render: emailCaptureHtml },
  divider: { label: 'Divider', destinations: () => [], render: dividerHtml },
};

export const BLOCK_TYPES = Object.keys(blockCatalog) as BlockType[];

function definitionOf<T extends BlockType>(block: BlockOf<T>): BlockDefinition<T> {
  return blockCatalog[block.type as T];
}

export function renderBlock(block: SnapshotBlock, ctx: RenderContext): string {
  return definitionOf(block).render(block, ctx);
}

/** The URLs a visitor can reach through a block's click hop (index 0 for single-link blocks). */
export function blockDestinations(block: SnapshotBlock): readonly string[] {
  return definitionOf(block).destinations(block);
}

import { resolveEmbed, EMBED_PROVIDERS } from './embeds';
import { blockCatalog } from './catalog';
import type { BlockType } from './snapshot';

const MAX = 80;

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

function isBlockType(type: string): type is BlockType {
  return Object.hasOwn(blockCatalog, type);
}

/**
 * What a person calls a block in a list or a chart (the "Clicks per block" card, D-607): a link's
 * button text, a heading's or text's words, an embed's provider; else the block type's label.
 */
export function blockTitle(type: string, data: Readonly<Record<string, unknown>>): string {
  const label = isBlockType(type) ? blockCatalog[type].label : 'Block';
  const text = [data.title, data.text, data.alt].find((v) => typeof v === 'string' && v.trim() !== '');
  if (typeof text === 'string') return short(text);
  if (type === 'embed' && typeof data.url === 'string') {
    const embed = resolveEmbed(data.url);
    if (embed !== null) return `${EMBED_PROVIDERS[embed.provider].label} embed`;
  }
  return label;
}

import { createHash } from 'node:crypto';
import type { PageSnapshot, ShareImage } from '@linkhub/shared/blocks/snapshot';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, shareImageSchema } from '@linkhub/shared/photos/share-image';
import { photoStorageKey, type ResponsiveImage } from '@linkhub/shared/photos/responsive-image';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { one } from '@linkhub/shared/server/db/sql';
import {
  renderShareCard,
  shareCardKey,
  type ShareCardInput,
} from '@linkhub/shared/server/sharing/share-card';
import type { CommandContext } from '../../kernel/types';

/** Where generated cards are read from and stored: the photos' artifact store (D-585, D-600). */
export type ShareCards = Pick<ArtifactStore, 'get' | 'put'>;

/** The uploaded card of a page (D-600): its widest JPEG, the variant link previews fetch. */
export function uploadedShareImage(image: ResponsiveImage): ShareImage {
  const jpegs = image.variants.filter((v) => v.format === 'jpeg');
  const widest = (jpegs.length > 0 ? jpegs : image.variants).reduce((a, b) => (b.width > a.width ? b : a));
  return { path: widest.path, width: widest.width, height: widest.height, source: 'uploaded' };
}

/** The avatar variant drawn on the card: the smallest JPEG at least 280 px wide (the card's circle). */
async function avatarOf(
  snapshot: Pick<PageSnapshot, 'avatar'>,
  cards: Pick<ArtifactStore, 'get'>,
): Promise<ShareCardInput['avatar']> {
  const jpegs = (snapshot.avatar?.image?.variants ?? [])
    .filter((v) => v.format === 'jpeg')
    .sort((a, b) => a.width - b.width);
  const variant = jpegs.find((v) => v.width >= 280) ?? jpegs[jpegs.length - 1];
  if (variant === undefined) return null;
  const bytes = await cards.get(photoStorageKey(variant.path.slice('/_img/'.length)));
  return bytes === null ? null : { bytes, path: variant.path };
}

/** What the card shows: the share texts (else title and bio), the page's address, its theme and photo. */
export async function shareCardInput(
  snapshot: PageSnapshot,
  host: string,
  cards: Pick<ArtifactStore, 'get'>,
): Promise<ShareCardInput> {
  const title = snapshot.seo?.title ?? '';
  const description = snapshot.seo?.description ?? '';
  return {
    title: title !== '' ? title : snapshot.title.trim() === '' ? `@${snapshot.handle}` : snapshot.title,
    description: description !== '' ? description : (snapshot.bio ?? ''),
    address: `${host}/${snapshot.handle}`,
    theme: snapshot.theme,
    avatar: await avatarOf(snapshot, cards),
  };
}

/** Draws the card and stores it under its content hash; answers its path. */
export async function storeShareCard(input: ShareCardInput, cards: ShareCards): Promise<ShareImage> {
  const png = await renderShareCard(input);
  const file = `${createHash('sha256').update(png).digest('hex').slice(0, 32)}.png`;
  await cards.put(photoStorageKey(file), new Uint8Array(png), 'image/png');
  return { path: `/_img/${file}`, width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, source: 'generated' };
}

/**
 * The generated card for a publish (D-600). The card is keyed by what it is drawn from
 * (`shareCardKey`); the key and the card are kept on the page (`bio_pages.share_card`), so a publish
 * that changed nothing the card shows draws nothing. Without a store (an experiment's promote) the
 * last card is kept as it is.
 */
export async function generatedShareCard(
  ctx: Pick<CommandContext, 'tx'>,
  snapshot: PageSnapshot,
  host: string,
  cards: ShareCards | undefined,
): Promise<ShareImage | undefined> {
  const stored = await one<{ share_card: { key?: unknown; image?: unknown } | null }>(
    ctx.tx,
    'SELECT share_card FROM bio_pages WHERE id = $1',
    [snapshot.id],
  );
  const previous = shareImageSchema.safeParse(stored?.share_card?.image);
  if (cards === undefined) return previous.success ? previous.data : undefined;
  const input = await shareCardInput(snapshot, host, cards);
  const key = shareCardKey(input);
  if (previous.success && stored?.share_card?.key === key) return previous.data;
  const image = await storeShareCard(input, cards);
  await ctx.tx.query('UPDATE bio_pages SET share_card = $2 WHERE id = $1', [
    snapshot.id,
    JSON.stringify({ key, image }),
  ]);
  return image;
}

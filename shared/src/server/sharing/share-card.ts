import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ensureReadable, mix, readableOn } from '../../blocks/contrast';
import { backgroundColours, readableOnAll } from '../../blocks/theme-css';
import type { Theme } from '../../blocks/snapshot';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from '../../photos/share-image';
import { cardFaces } from './card-fonts';
import { runWidth, textPath, wrapText } from './card-text';

/**
 * The social card of a bio page (D-600): a 1200×630 PNG drawn from the page's own look — its
 * background (colour, gradient; an image background shows its veil colour), the avatar in a circle,
 * the title in the theme's self-hosted font, the bio, and the page's address as a button in the
 * theme's button style and shape. Text is drawn as glyph outlines (fontkit), so the rasteriser
 * (sharp, D-540) needs no font and every server draws the same pixels.
 */
export type ShareCardInput = {
  title: string;
  /** The page's bio (or share description), up to two lines under the title. */
  description: string;
  /** The page's address without scheme, on the button: `bio.example/maya`. */
  address: string;
  theme: Theme;
  /** The avatar as JPEG bytes (its 384 px variant), or none. */
  avatar: { bytes: Uint8Array; path: string } | null;
};

/** Bumped when the drawing changes, so every page's card is drawn again at its next publish. */
export const SHARE_CARD_VERSION = 1;

/**
 * What the card is drawn from, hashed: the cache key stored with the page. A publish whose key is
 * unchanged keeps the stored card and draws nothing (the avatar is named by its content path).
 */
export function shareCardKey(input: ShareCardInput): string {
  const { avatar, ...rest } = input;
  const source = JSON.stringify({ v: SHARE_CARD_VERSION, ...rest, avatar: avatar?.path ?? null });
  return createHash('sha256').update(source).digest('hex').slice(0, 32);
}

const W = SHARE_CARD_WIDTH;
const H = SHARE_CARD_HEIGHT;
const MARGIN = 80;
const AVATAR = 280;

const RADIUS: Record<Theme['button_shape'], number> = { square: 6, rounded: 18, pill: 999 };

function backgroundSvg(theme: Theme): string {
  const [from, to] = backgroundColours(theme);
  if (theme.background_kind !== 'gradient' || to === undefined)
    return `<rect width="${W}" height="${H}" fill="${theme.background.toLowerCase()}"/>`;
  // CSS angles: 0deg points up, 90deg right; the gradient vector runs through the centre.
  const rad = (theme.gradient_angle * Math.PI) / 180;
  const dx = Math.sin(rad) / 2;
  const dy = -Math.cos(rad) / 2;
  const point = (sign: number) =>
    `x${sign < 0 ? 1 : 2}="${0.5 + sign * dx}" y${sign < 0 ? 1 : 2}="${0.5 + sign * dy}"`;
  return (
    `<defs><linearGradient id="bg" ${point(-1)} ${point(1)}><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#bg)"/>`
  );
}

/** The card as SVG (text as outlines, the avatar as an embedded JPEG). */
export function shareCardSvg(input: ShareCardInput): string {
  const { theme } = input;
  const faces = cardFaces(theme.font);
  const fg = readableOnAll(theme.text.toLowerCase(), backgroundColours(theme));
  const accent = theme.accent.toLowerCase();
  const bg = theme.background.toLowerCase();
  const left = input.avatar === null ? MARGIN : MARGIN + AVATAR + 64;
  const width = W - left - MARGIN;

  let titleSize = 76;
  let title = wrapText(input.title, faces.bold, titleSize, width, 2);
  while (title.overflow && titleSize > 52) {
    titleSize -= 6;
    title = wrapText(input.title, faces.bold, titleSize, width, 2);
  }
  const description = wrapText(input.description, faces.regular, 32, width, 2);

  const buttonSize = 30;
  const buttonHeight = 64;
  const buttonWidth = Math.min(width, runWidth(input.address, faces.bold, buttonSize) + 64);
  const address = wrapText(input.address, faces.bold, buttonSize, buttonWidth - 64, 1).lines[0] ?? '';

  const titleLead = titleSize * 1.15;
  const blockHeight =
    title.lines.length * titleLead +
    (description.lines.length > 0 ? 24 + description.lines.length * 44 : 0) +
    40 +
    buttonHeight;
  let y = Math.max(MARGIN, (H - blockHeight) / 2);
  const paths: string[] = [];
  for (const line of title.lines) {
    y += titleSize;
    paths.push(`<path fill="${fg}" d="${textPath(line, faces.bold, titleSize, left, y)}"/>`);
    y += titleLead - titleSize;
  }
  if (description.lines.length > 0) y += 24;
  for (const line of description.lines) {
    y += 34;
    paths.push(`<path fill="${fg}" fill-opacity="0.82" d="${textPath(line, faces.regular, 32, left, y)}"/>`);
    y += 10;
  }
  y += 40;
  const filled = theme.button_style === 'filled';
  const soft = theme.button_style === 'soft';
  const surface = filled ? accent : soft ? mix(accent, bg, 0.16) : 'none';
  const buttonFg = filled ? readableOn(accent) : ensureReadable(fg, soft ? surface : bg);
  const radius = Math.min(RADIUS[theme.button_shape], buttonHeight / 2);
  paths.push(
    `<rect x="${left}" y="${y}" width="${buttonWidth}" height="${buttonHeight}" rx="${radius}" fill="${surface}"` +
      (soft ? '' : ` stroke="${accent}" stroke-width="3"`) +
      '/>',
    `<path fill="${buttonFg}" d="${textPath(address, faces.bold, buttonSize, left + 32, y + buttonHeight / 2 + buttonSize * 0.36)}"/>`,
  );

  const avatar =
    input.avatar === null
      ? ''
      : `<clipPath id="av"><circle cx="${MARGIN + AVATAR / 2}" cy="${H / 2}" r="${AVATAR / 2}"/></clipPath>` +
        `<circle cx="${MARGIN + AVATAR / 2}" cy="${H / 2}" r="${AVATAR / 2 + 6}" fill="${accent}"/>` +
        `<image x="${MARGIN}" y="${(H - AVATAR) / 2}" width="${AVATAR}" height="${AVATAR}" clip-path="url(#av)" preserveAspectRatio="xMidYMid slice" ` +
        `href="data:image/jpeg;base64,${Buffer.from(input.avatar.bytes).toString('base64')}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    backgroundSvg(theme) +
    `<rect y="${H - 14}" width="${W}" height="14" fill="${accent}"/>` +
    avatar +
    paths.join('') +
    '</svg>'
  );
}

/** The card as PNG bytes, 1200×630. */
export async function renderShareCard(input: ShareCardInput): Promise<Buffer> {
  return sharp(Buffer.from(shareCardSvg(input)))
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}

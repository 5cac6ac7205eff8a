import { resolveEmbed, EMBED_PROVIDERS } from './embeds';
import { escapeHtml } from './escape';
import { consentTextOf } from '../leads/consent';
import { publicMessage } from '../page-language/public-messages';
import { resolveAsset, type RenderContext } from './render-context';
import { pictureHtml } from '../photos/responsive-image';
import type { BlockOf } from './snapshot';
import { iconSvg, socialNetwork } from './social-networks';

/** One HTML fragment per block type. All text and attribute values go through `escapeHtml`. */

const PLAY = '<path d="M8 5v14l11-7z"/>';
/** Images this close to the top load eagerly (likely the largest paint); the rest lazily. */
const EAGER_POSITIONS = 2;

export function linkHtml(block: BlockOf<'link'>, ctx: RenderContext): string {
  return `<a class="btn" href="${escapeHtml(ctx.linkHref(block.id))}">${escapeHtml(block.data.title)}</a>`;
}

export function headerHtml(block: BlockOf<'header'>): string {
  return `<h2>${escapeHtml(block.data.text)}</h2>`;
}

export function textHtml(block: BlockOf<'text'>): string {
  return `<p class="text">${escapeHtml(block.data.text)}</p>`;
}

export function socialHtml(block: BlockOf<'social'>, ctx: RenderContext): string {
  const items = block.data.links.map((link, index) => {
    const network = socialNetwork(link.network);
    return `<li><a href="${escapeHtml(ctx.linkHref(block.id, index))}" aria-label="${escapeHtml(network.label)}">${iconSvg(network.glyph)}</a></li>`;
  });
  return `<ul class="social" aria-label="${escapeHtml(publicMessage(ctx.lang, 'social_label'))}">${items.join('')}</ul>`;
}

export function imageHtml(block: BlockOf<'image'>, ctx: RenderContext): string {
  const { url, alt, width = 640, height = 360, image } = block.data;
  if (image !== undefined) {
    // The page column is 36rem with 1rem padding a side (styles.ts).
    return pictureHtml(image, {
      alt,
      className: 'image',
      sizes: '(min-width: 36rem) 34rem, calc(100vw - 2rem)',
      width: image.width,
      height: image.height,
      eager: ctx.position < EAGER_POSITIONS,
    });
  }
  const loading = ctx.position < EAGER_POSITIONS ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
  const src = escapeHtml(resolveAsset(url, ctx.assetBase));
  return `<img class="image" src="${src}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" ${loading} decoding="async">`;
}

export function embedHtml(block: BlockOf<'embed'>, ctx: RenderContext): string {
  const href = escapeHtml(ctx.linkHref(block.id));
  const embed = resolveEmbed(block.data.url);
  if (embed === null) {
    // Not a provider we can embed: still a working link through the hop.
    let label = publicMessage(ctx.lang, 'embed_open_link');
    try {
      label = publicMessage(ctx.lang, 'embed_open_host', { host: new URL(block.data.url).hostname });
    } catch {
      // keep the generic label
    }
    return `<a class="btn" href="${href}">${escapeHtml(label)}</a>`;
  }
  const provider = EMBED_PROVIDERS[embed.provider];
  const video = provider.shape === 'video';
  const args = { provider: provider.label };
  const title = publicMessage(ctx.lang, video ? 'embed_video_title' : 'embed_player_title', args);
  const verb = publicMessage(ctx.lang, video ? 'embed_play' : 'embed_listen', args);
  // D-609: the stored thumbnail when publish fetched one, else a placeholder in the network's colour.
  const thumbnail = block.data.thumbnail;
  const caption = thumbnail?.title === undefined || thumbnail.title === '' ? null : thumbnail.title;
  const picture =
    thumbnail?.image === undefined
      ? ''
      : pictureHtml(thumbnail.image, {
          alt: '',
          className: 'embed-thumb',
          sizes: '(min-width: 36rem) 34rem, calc(100vw - 2rem)',
          width: thumbnail.image.width,
          height: thumbnail.image.height,
          eager: ctx.position < EAGER_POSITIONS,
        });
  return (
    `<a class="embed ${provider.shape} ${embed.provider}${picture === '' ? '' : ' has-thumb'}" href="${href}" data-frame="${escapeHtml(embed.frameUrl)}" data-title="${escapeHtml(title)}">` +
    picture +
    `<span class="embed-label">${iconSvg(PLAY)}<span>${escapeHtml(verb)}</span>` +
    (caption === null ? '' : `<span class="embed-title">${escapeHtml(caption)}</span>`) +
    '</span></a>'
  );
}

export function emailCaptureHtml(block: BlockOf<'email_capture'>, ctx: RenderContext): string {
  const id = escapeHtml(block.id);
  const status = ctx.subscribeMessage?.(block.id) ?? null;
  return (
    `<form class="capture" method="post" action="${escapeHtml(ctx.subscribeAction)}" aria-labelledby="b-${id}-t">` +
    `<h2 id="b-${id}-t">${escapeHtml(block.data.title)}</h2>` +
    `<input type="hidden" name="block_id" value="${id}">` +
    (ctx.revision === undefined ? '' : `<input type="hidden" name="rev" value="${ctx.revision}">`) +
    (ctx.clickId === undefined
      ? ''
      : `<input type="hidden" name="lh_click" value="${escapeHtml(ctx.clickId)}">`) +
    `<label for="b-${id}-e">${escapeHtml(publicMessage(ctx.lang, 'capture_email_label'))}</label>` +
    `<input id="b-${id}-e" type="email" name="email" required maxlength="254" autocomplete="email">` +
    `<label class="consent"><input type="checkbox" name="consent" value="yes" required> <span>${escapeHtml(consentTextOf(block.data))}</span></label>` +
    // A field people never see: a bot that fills it is thanked and nothing is kept.
    `<div class="hp" aria-hidden="true"><label for="b-${id}-w">${escapeHtml(publicMessage(ctx.lang, 'capture_honeypot_label'))}</label><input id="b-${id}-w" name="website" tabindex="-1" autocomplete="off"></div>` +
    `<button class="btn" type="submit">${escapeHtml(block.data.button_label)}</button>` +
    `<p class="capture-status" role="status" id="b-${id}-s">${status === null ? '' : escapeHtml(status)}</p></form>`
  );
}

export function dividerHtml(): string {
  return '<hr>';
}

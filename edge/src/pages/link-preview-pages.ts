import { escapeHtml } from '@linkhub/shared/blocks/escape';
import type { SocialPreview } from '@linkhub/shared/link-previews/social-preview';

/**
 * The two pages a link with previews or app links may answer instead of its redirect (D-625): the
 * card page social crawlers read (og:* and twitter:* tags, no script), and the deep-link page an
 * iPhone or Android visitor gets (a tiny nonce'd script opens the app, then the web; with
 * JavaScript off, two plain links). Every value is escaped; attributes are double-quoted.
 */
const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#14161a}' +
  'main{max-width:32rem;margin:0 auto;padding:2rem 1rem;text-align:center}' +
  'img{max-width:100%;height:auto;border-radius:.75rem}' +
  'a{display:block;margin:.75rem 0;padding:.8rem 1rem;border-radius:.6rem;color:#14161a;border:1px solid #c9ced6;text-decoration:none}' +
  'a.primary{background:#14161a;color:#fff;border-color:#14161a}' +
  'p.host{color:#4d5562;font-size:.9rem}';

function shell(parts: { title: string; head: string; body: string; nonce: string; script?: string }): string {
  const nonce = escapeHtml(parts.nonce);
  const script = parts.script === undefined ? '' : `<script nonce="${nonce}">${parts.script}</script>`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(parts.title)}</title><meta name="robots" content="noindex">${parts.head}` +
    `<link rel="icon" href="data:,"><style nonce="${nonce}">${STYLE}</style></head>` +
    `<body><main>${parts.body}</main>${script}</body></html>`
  );
}

const meta = (attribute: 'property' | 'name', key: string, value: string): string =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

export type LinkCardParts = {
  preview: SocialPreview;
  /** The short link itself (og:url): where the card leads when clicked. */
  shortUrl: string;
  /** The preview's image as an absolute URL (an uploaded photo made absolute on this host), or null. */
  imageUrl: string | null;
  /** Where the link goes now, for a person who opens the card page. */
  destination: string;
  nonce: string;
};

/** The card page: what facebookexternalhit, Twitterbot, Slackbot… read to draw the link's card. */
export function renderLinkCardPage(parts: LinkCardParts): string {
  const { preview } = parts;
  const title = preview.title ?? new URL(parts.destination).hostname;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', parts.shortUrl),
    meta('property', 'og:title', title),
    meta('name', 'twitter:card', parts.imageUrl === null ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', title),
  ];
  if (preview.description !== null)
    tags.push(
      meta('name', 'description', preview.description),
      meta('property', 'og:description', preview.description),
      meta('name', 'twitter:description', preview.description),
    );
  if (parts.imageUrl !== null)
    tags.push(meta('property', 'og:image', parts.imageUrl), meta('name', 'twitter:image', parts.imageUrl));
  const body =
    (parts.imageUrl === null ? '' : `<img src="${escapeHtml(parts.imageUrl)}" alt="">`) +
    `<h1>${escapeHtml(title)}</h1>` +
    (preview.description === null ? '' : `<p>${escapeHtml(preview.description)}</p>`) +
    `<a class="primary" href="${escapeHtml(parts.destination)}">Continue</a>`;
  return shell({ title, head: tags.join(''), body, nonce: parts.nonce });
}

/**
 * Opens the app link; if the page is still showing a moment later (no app took it), goes on to the
 * web. Both addresses are read from the links' href, so no URL is ever written into script text.
 */
const OPEN_APP_SCRIPT =
  "(function(){var a=document.getElementById('open-app'),w=document.getElementById('open-web');" +
  'if(!a||!w)return;var left=false;' +
  "document.addEventListener('visibilitychange',function(){if(document.hidden)left=true;});" +
  'setTimeout(function(){if(!left&&!document.hidden)location.replace(w.href);},1500);' +
  'location.href=a.href;})();';

export type DeepLinkParts = {
  appUrl: string;
  webUrl: string;
  /** The destination's host, said on the page so the visitor knows where "the web" is. */
  webHost: string;
  nonce: string;
};

/** The deep-link page of an iPhone or Android visit: open the app, else continue on the web. */
export function renderDeepLinkPage(parts: DeepLinkParts): string {
  const body =
    '<h1>Opening the app…</h1>' +
    `<a class="primary" id="open-app" href="${escapeHtml(parts.appUrl)}">Open in the app</a>` +
    `<a id="open-web" href="${escapeHtml(parts.webUrl)}">Continue on the web</a>` +
    `<p class="host">${escapeHtml(parts.webHost)}</p>`;
  return shell({ title: 'Open in the app', head: '', body, nonce: parts.nonce, script: OPEN_APP_SCRIPT });
}

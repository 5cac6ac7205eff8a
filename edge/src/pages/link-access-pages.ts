import { domainToUnicode } from 'node:url';
import { renderDocument } from '@linkhub/shared/blocks/document';
import { escapeHtml } from '@linkhub/shared/blocks/escape';
import type { Branding } from '@linkhub/shared/cache/payload';
import { defaultQrDesign } from '@linkhub/shared/qr/design';
import { prepareQr } from '@linkhub/shared/qr/prepare';
import { sceneToSvg } from '@linkhub/shared/qr/render/svg';
import { httpsUrl, themeOf } from './fallback-pages';

/**
 * The pages of a link's access controls (D-615, D-618), in the look of the edge's other pages (the
 * shared document shell, nonce'd inline CSS, no script, `noindex`): the password page and the
 * `/{slug}+` preview. Plain HTML forms and links, so both work with JavaScript off.
 */

function header(branding: Branding | null): string {
  const logo = branding && httpsUrl(branding.logo_url);
  return (
    (logo
      ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(branding?.workspace_name ?? '')}" width="96" height="96">`
      : '') + (branding ? `<p class="notice-owner">${escapeHtml(branding.workspace_name)}</p>` : '')
  );
}

function document(title: string, main: string, branding: Branding | null, nonce: string): string {
  const body = `<main class="page notice">${header(branding)}${main}</main><footer><p>LinkHub</p></footer>`;
  return renderDocument({ lang: 'en', title, theme: themeOf(branding), nonce, body, noindex: true });
}

/** Where the form posts: the link's own address, with the visit's query string (its UTMs pass through). */
export function ownPath(slug: string, query: string): string {
  return `/${encodeURIComponent(slug)}${query === '' ? '' : `?${query}`}`;
}

export type PasswordPageProblem = 'wrong' | 'throttled' | null;

const PROBLEMS: Record<Exclude<PasswordPageProblem, null>, string> = {
  wrong: 'That password is not right. Check it and try again.',
  throttled: 'Too many tries from your network just now. Please wait a few minutes and try again.',
};

/** The password page: one field, one button; after a refused try it says why, next to the field. */
export function renderPasswordPage(
  branding: Branding | null,
  form: { slug: string; query: string; problem: PasswordPageProblem },
  nonce: string,
): string {
  const problem = form.problem === null ? null : PROBLEMS[form.problem];
  const main =
    '<h1>This link is protected</h1><p>Enter its password to continue to where it leads.</p>' +
    `<form class="capture" method="post" action="${escapeHtml(ownPath(form.slug, form.query))}">` +
    (problem === null ? '' : `<p class="capture-status" id="password-problem" role="alert">${problem}</p>`) +
    '<label for="password">Password</label>' +
    `<input id="password" name="password" type="password" required maxlength="128" autocomplete="current-password"${
      problem === null ? '' : ' aria-invalid="true" aria-describedby="password-problem"'
    }>` +
    '<button class="btn" type="submit">Continue</button></form>';
  return document('This link is protected', main, branding, nonce);
}

/** A URL as a person reads it: the host in Unicode (an IDN shown as its letters, not its punycode). */
export function readableUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const host = domainToUnicode(url.hostname) || url.hostname;
  const port = url.port === '' ? '' : `:${url.port}`;
  return `${url.protocol}//${host}${port}${url.pathname}${url.search}${url.hash}`;
}

export type PreviewFacts = {
  branding: Branding | null;
  /** The short URL as a person opens it (what the QR code encodes). */
  shortUrl: string;
  host: string;
  slug: string;
  /** Null: not shown (a password link), or none (a code with no web destination). */
  destination: string | null;
  protectedByPassword: boolean;
  /** Targeting rules, a split or a test may send some visitors elsewhere. */
  varies: boolean;
};

/** `/{slug}+`: where a link leads, its QR code and whose it is, before anyone follows it. */
export function renderPreviewPage(facts: PreviewFacts, nonce: string): string {
  const { scene } = prepareQr(facts.shortUrl, defaultQrDesign);
  const label = `QR code for ${facts.shortUrl}`;
  const svg = sceneToSvg(scene, null, { width: '192', height: '192' }, null).replace(
    '<svg ',
    `<svg role="img" aria-label="${escapeHtml(label)}" `,
  );
  const owner = facts.branding?.workspace_name;
  const where = facts.protectedByPassword
    ? '<p>This link is protected by a password: where it leads is shown only after the password.</p>'
    : facts.destination === null
      ? '<p>This address has no web page to open right now.</p>'
      : `<p>It leads to:</p><p class="text"><strong class="preview-url">${escapeHtml(readableUrl(facts.destination))}</strong></p>` +
        (facts.varies
          ? '<p>Some visitors may be sent to another page (by country, device or a test).</p>'
          : '');
  const main =
    `<h1>Where this link leads</h1><p class="text">${escapeHtml(readableUrl(facts.shortUrl))}</p>${where}` +
    `<p>Short link on ${escapeHtml(domainToUnicode(facts.host) || facts.host)}` +
    (owner === undefined ? '' : `, owned by ${escapeHtml(owner)}`) +
    '.</p>' +
    svg +
    `<p><a class="btn" href="${escapeHtml(ownPath(facts.slug, ''))}">Open the link</a></p>`;
  return document('Where this link leads', main, facts.branding, nonce);
}

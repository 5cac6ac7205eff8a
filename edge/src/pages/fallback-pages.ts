import { renderDocument } from '@linkhub/shared/blocks/document';
import { escapeHtml } from '@linkhub/shared/blocks/escape';
import { themeSchema, type Theme } from '@linkhub/shared/blocks/snapshot';
import type { Branding } from '@linkhub/shared/cache/payload';
import type { LinkState } from '@linkhub/shared/resolve/state';

/**
 * The edge's own pages, in the bio pages' look (shared document shell, nonce'd inline CSS, no
 * script): the QR holding page (rung 3), the generic LinkHub page (rung 4) and the branded 404 of
 * plain short links.
 */
const HEX = /^#[0-9a-fA-F]{6}$/;

export function themeOf(branding: Branding | null): Theme {
  const background = branding?.background;
  const text = branding?.foreground;
  return themeSchema.parse({
    ...(background && HEX.test(background) ? { background } : {}),
    ...(text && HEX.test(text) ? { text } : {}),
  });
}

export function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function page(title: string, message: string, branding: Branding | null, nonce: string): string {
  const logo = branding && httpsUrl(branding.logo_url);
  const link = branding && httpsUrl(branding.link_url);
  const owner = branding ? `<p class="notice-owner">${escapeHtml(branding.workspace_name)}</p>` : '';
  const body =
    '<main class="page notice">' +
    (logo
      ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(branding?.workspace_name ?? '')}" width="96" height="96">`
      : '') +
    owner +
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
    (link
      ? `<p><a class="btn" href="${escapeHtml(link)}">Visit ${escapeHtml(branding?.workspace_name ?? 'the website')}</a></p>`
      : '') +
    '</main><footer><p>LinkHub</p></footer>';
  return renderDocument({ lang: 'en', title, theme: themeOf(branding), nonce, body });
}

/** QR rung 3: the workspace's branded holding page. */
export function renderHoldingPage(branding: Branding, nonce: string): string {
  return page(
    branding.title ?? 'This code will be back soon',
    branding.message ??
      `${branding.workspace_name} is updating what this code points to. Please try again later.`,
    branding,
    nonce,
  );
}

/** QR rung 4, and any answer given while the stores are unreachable. */
export function renderGenericPage(nonce: string): string {
  return page(
    'This code is working',
    'The page it points to is not available right now. Please try again in a few minutes.',
    null,
    nonce,
  );
}

const NOT_FOUND_MESSAGES: Record<LinkState | 'unknown', { title: string; message: string }> = {
  unknown: {
    title: 'Link not found',
    message: 'There is no link at this address. Check it for a typo, or ask whoever shared it for a new one.',
  },
  active: {
    title: 'Link not found',
    message: 'This link has no destination yet. Ask whoever shared it for a new one.',
  },
  scheduled: {
    title: 'This link is not live yet',
    message: 'This link has been set up but is not active yet. Please try again later.',
  },
  expired: {
    title: 'This link has expired',
    message: 'This link is no longer active. Ask whoever shared it for a new one.',
  },
  paused: {
    title: 'This link is paused',
    message: 'The owner of this link has paused it for now. Please try again later.',
  },
  archived: {
    title: 'This link is no longer active',
    message: 'The owner of this link has retired it. Ask whoever shared it for a new one.',
  },
  click_limit_reached: {
    title: 'This link has expired',
    message: 'This link has reached its limit of visits. Ask whoever shared it for a new one.',
  },
  downgrade_locked: {
    title: 'This link is unavailable',
    message: 'This link is not available at the moment. Please try again later.',
  },
};

/** Plain short links: the readable, branded 404. */
export function renderNotFoundPage(
  branding: Branding | null,
  state: LinkState | 'unknown',
  nonce: string,
): string {
  const { title, message } = NOT_FOUND_MESSAGES[state];
  return page(title, message, branding, nonce);
}

/** A plain short link whose answer failed on our side (ARCHITECTURE.md#rules-that-hold-at-every-door): branded, readable, and honest that it is us. */
export function renderUnavailablePage(branding: Branding | null, nonce: string): string {
  return page(
    'This link cannot be opened right now',
    'Something went wrong on our side. Please try again in a few minutes.',
    branding,
    nonce,
  );
}

/** A custom domain's root when no bio page is set there: whose domain it is, in its workspace's look. */
export function renderDomainRootPage(branding: Branding, host: string, nonce: string): string {
  return page(
    branding.workspace_name,
    `${host} is where ${branding.workspace_name} keeps its short links and QR codes.`,
    branding,
    nonce,
  );
}

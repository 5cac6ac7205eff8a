import { renderDocument } from '@linkhub/shared/blocks/document';
import { escapeHtml } from '@linkhub/shared/blocks/escape';
import { themeSchema, type Theme } from '@linkhub/shared/blocks/snapshot';
import type { Branding } from '@linkhub/shared/cache/payload';
import { eventTimeZone } from '@linkhub/shared/qr/payload/icalendar';
import { phoneDigits, type EventPayload, type VcardPayload } from '@linkhub/shared/qr/payload/schema';
import { contactDisplayName } from '@linkhub/shared/qr/payload/vcard';

/**
 * The hosted pages of vCard and event QR codes (D-570), in the bio pages' look (shared document
 * shell, nonce'd inline CSS) and without script: every action is a plain link, so they work with
 * JavaScript off. "Add to contacts" / "Add to calendar" download the `.vcf` / `.ics` from the same
 * address (`?download=vcf|ics`).
 */
const HEX = /^#[0-9a-fA-F]{6}$/;

function themeOf(branding: Branding | null): Theme {
  const background = branding?.background;
  const text = branding?.foreground;
  return themeSchema.parse({
    ...(background && HEX.test(background) ? { background } : {}),
    ...(text && HEX.test(text) ? { text } : {}),
  });
}

const row = (label: string, value: string): string =>
  `<p><span class="hosted-label">${escapeHtml(label)}</span><br>${value}</p>`;
const link = (href: string, text: string): string => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
const multiline = (text: string): string => escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');

function document(title: string, body: string, branding: Branding | null, nonce: string): string {
  const owner = branding ? `<p class="notice-owner">${escapeHtml(branding.workspace_name)}</p>` : '';
  return renderDocument({
    lang: 'en',
    title,
    theme: themeOf(branding),
    nonce,
    noindex: true,
    body: `<main class="page notice">${owner}${body}</main><footer><p>LinkHub</p></footer>`,
  });
}

export function renderContactPage(card: VcardPayload, branding: Branding | null, nonce: string): string {
  const name = contactDisplayName(card);
  const role = [card.job_title, card.first_name || card.last_name ? card.organization : undefined]
    .filter((part) => part !== undefined)
    .join(', ');
  const address = [
    card.street,
    [card.postal_code, card.city].filter(Boolean).join(' '),
    card.region,
    card.country,
  ]
    .filter((part) => part !== undefined && part !== '')
    .join('\n');
  const rows = [
    card.mobile !== undefined ? row('Mobile', link(`tel:${phoneDigits(card.mobile)}`, card.mobile)) : '',
    card.phone !== undefined ? row('Phone', link(`tel:${phoneDigits(card.phone)}`, card.phone)) : '',
    card.email !== undefined ? row('E-mail', link(`mailto:${card.email}`, card.email)) : '',
    card.website !== undefined ? row('Website', link(card.website, card.website)) : '',
    address !== '' ? row('Address', multiline(address)) : '',
    card.note !== undefined && card.note !== '' ? row('Note', multiline(card.note)) : '',
  ].join('');
  return document(
    name,
    `<h1>${escapeHtml(name)}</h1>` +
      (role !== '' ? `<p>${escapeHtml(role)}</p>` : '') +
      rows +
      '<p><a class="btn" href="?download=vcf" download>Add to contacts</a></p>',
    branding,
    nonce,
  );
}

/** `2026-12-24T18:30` in its own zone, as people read it: "Thursday, December 24, 2026 at 6:30 PM". */
function wallClock(local: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${local}:00Z`),
  );
}

export function renderEventPage(
  event: EventPayload,
  defaultTimeZone: string,
  branding: Branding | null,
  nonce: string,
): string {
  const zone = eventTimeZone(event, { defaultTimeZone });
  const rows = [
    row('Starts', escapeHtml(wallClock(event.starts_at))),
    row('Ends', escapeHtml(wallClock(event.ends_at))),
    row('Time zone', escapeHtml(zone)),
    event.location !== undefined ? row('Where', escapeHtml(event.location)) : '',
    event.website !== undefined ? row('Website', link(event.website, event.website)) : '',
    event.description !== undefined && event.description !== ''
      ? row('About', multiline(event.description))
      : '',
  ].join('');
  return document(
    event.title,
    `<h1>${escapeHtml(event.title)}</h1>${rows}` +
      '<p><a class="btn" href="?download=ics" download>Add to calendar</a></p>',
    branding,
    nonce,
  );
}

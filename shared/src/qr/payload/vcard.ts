import { contentLines, escapeText, escapeVcardText } from './content-line';
import { phoneDigits, type VcardPayload } from './schema';

/** The name a contact is shown under: the person's name, else the organisation. */
export function contactDisplayName(card: VcardPayload): string {
  const name = [card.first_name, card.last_name].filter((part) => part !== undefined).join(' ');
  return name !== '' ? name : (card.organization ?? '');
}

/** A compound value (N, ADR): each component escaped, `;` between them. */
const compound = (parts: readonly (string | undefined)[]): string =>
  parts.map((part) => escapeText(part ?? '')).join(';');

/** A vCard 4.0 (RFC 6350): UTF-8, CRLF line ends, escaped and folded per its sections 3.2 and 3.4. */
export function vcardText(card: VcardPayload): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0'];
  lines.push(`FN:${escapeVcardText(contactDisplayName(card))}`);
  lines.push(`N:${compound([card.last_name, card.first_name, '', '', ''])}`);
  if (card.organization !== undefined) lines.push(`ORG:${escapeText(card.organization)}`);
  if (card.job_title !== undefined) lines.push(`TITLE:${escapeVcardText(card.job_title)}`);
  if (card.mobile !== undefined) lines.push(`TEL;TYPE=cell;VALUE=uri:tel:${phoneDigits(card.mobile)}`);
  if (card.phone !== undefined) lines.push(`TEL;TYPE=work,voice;VALUE=uri:tel:${phoneDigits(card.phone)}`);
  if (card.email !== undefined) lines.push(`EMAIL;TYPE=work:${escapeVcardText(card.email)}`);
  if (card.website !== undefined) lines.push(`URL:${card.website}`);
  const address = [card.street, card.city, card.region, card.postal_code, card.country];
  if (address.some((part) => part !== undefined))
    lines.push(`ADR;TYPE=work:${compound(['', '', ...address])}`);
  if (card.note !== undefined && card.note !== '') lines.push(`NOTE:${escapeVcardText(card.note)}`);
  lines.push('END:VCARD');
  return contentLines(lines);
}

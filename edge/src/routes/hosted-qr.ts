import type { RedirectPayload } from '@linkhub/shared/cache/payload';
import { icalendarText } from '@linkhub/shared/qr/payload/icalendar';
import type { EventPayload, VcardPayload } from '@linkhub/shared/qr/payload/schema';
import { contactDisplayName, vcardText } from '@linkhub/shared/qr/payload/vcard';
import { evaluateState } from '@linkhub/shared/resolve/state';
import { renderContactPage, renderEventPage } from '../pages/hosted-qr-pages';
import { createNonce, htmlHeaders, PRIVATE_CACHE_CONTROL } from './bio-page-headers';
import type { EdgeResponse } from './respond';

/** What a live vCard or event code answers (D-570): its page (a scan, counted) or its file (not counted). */
export type HostedAnswer = { response: EdgeResponse; counted: boolean };

/** A file name any browser and OS accept: ASCII letters, digits and dashes, with a UTF-8 `filename*`. */
function attachment(name: string, extension: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  const fallback = `${ascii === '' ? 'download' : ascii}.${extension}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`)}`;
}

function file(body: string, contentType: string, disposition: string): EdgeResponse {
  return {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': disposition,
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
    body,
  };
}

function page(body: (nonce: string) => string): EdgeResponse {
  const nonce = createNonce();
  return { status: 200, headers: htmlHeaders(nonce, PRIVATE_CACHE_CONTROL), body: body(nonce) };
}

function downloadOf(query: string): string | null {
  return new URLSearchParams(query).get('download');
}

function contactAnswer(card: VcardPayload, payload: RedirectPayload, query: string): HostedAnswer {
  if (downloadOf(query) === 'vcf')
    return {
      response: file(
        vcardText(card),
        'text/vcard; charset=utf-8',
        attachment(contactDisplayName(card), 'vcf'),
      ),
      counted: false,
    };
  return { response: page((nonce) => renderContactPage(card, payload.branding, nonce)), counted: true };
}

function eventAnswer(event: EventPayload, payload: RedirectPayload, query: string, now: Date): HostedAnswer {
  if (downloadOf(query) === 'ics') {
    const text = icalendarText(event, {
      uid: `${payload.resource_id}@${payload.host}`,
      sequence: payload.revision,
      now,
      defaultTimeZone: payload.time_zone,
    });
    return {
      response: file(text, 'text/calendar; charset=utf-8', attachment(event.title, 'ics')),
      counted: false,
    };
  }
  return {
    response: page((nonce) => renderEventPage(event, payload.time_zone, payload.branding, nonce)),
    counted: true,
  };
}

/**
 * The hosted answer of a vCard or event code while it is live; null otherwise (a paused, expired
 * or archived one takes the QR fallback chain like every code).
 */
export function hostedQrAnswer(payload: RedirectPayload, query: string, now: Date): HostedAnswer | null {
  const hosted = payload.hosted;
  if (hosted === undefined || evaluateState(payload, now) !== 'active') return null;
  return hosted.type === 'vcard'
    ? contactAnswer(hosted, payload, query)
    : eventAnswer(hosted, payload, query, now);
}

import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine } from './content-line';
import { qrCodeText } from './encoded-text';
import { icalendarText } from './icalendar';
import { isStaticPayload, qrPayloadSchema, type EventPayload, type VcardPayload } from './schema';
import { staticPayloadText } from './static-text';
import { vcardText } from './vcard';

const addressOf = (host: string, slug: string): string => `https://${host}/${slug}`;
const NASTY = 'Zoë "Ω" Ünïcødé, Café; Bar\\Grill: 🍕 日本語';
const UTF8 = new TextEncoder();

function parse(input: unknown) {
  return qrPayloadSchema.parse(input);
}
function staticText(input: unknown): string {
  const payload = parse(input);
  if (!isStaticPayload(payload)) throw new Error(`${payload.type} is not a static type`);
  return staticPayloadText(payload);
}
function issuesOf(input: unknown): { path: string; message: string }[] {
  const result = qrPayloadSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('static payloads encode their own data', () => {
  it('Wi-Fi escapes \\ ; , : and " in the name and the password', () => {
    const payload = parse({
      type: 'wifi',
      ssid: 'Café;Guest, "5G":\\',
      security: 'WPA',
      password: 'p;a,s:s"w\\d',
    });
    expect(qrCodeText(payload, addressOf, 'lnk.example', 'abc')).toBe(
      'WIFI:T:WPA;S:Café\\;Guest\\, \\"5G\\"\\:\\\\;P:p\\;a\\,s\\:s\\"w\\\\d;;',
    );
    expect(staticText({ type: 'wifi', ssid: 'Open', security: 'nopass', hidden: true })).toBe(
      'WIFI:T:nopass;S:Open;H:true;;',
    );
  });

  it('refuses a network name over 32 bytes even when it has fewer characters', () => {
    const ssid = 'é'.repeat(17); // 17 characters, 34 bytes
    expect(issuesOf({ type: 'wifi', ssid, security: 'nopass' })).toEqual([
      { path: 'ssid', message: expect.stringContaining('32 bytes') },
    ]);
    expect(issuesOf({ type: 'wifi', ssid: 'é'.repeat(16), security: 'nopass' })).toEqual([]);
    expect(issuesOf({ type: 'wifi', ssid: 'x', security: 'WPA', password: 'short' })).toEqual([
      { path: 'password', message: 'A WPA password has 8 to 63 characters.' },
    ]);
  });

  it('SMS, phone, e-mail and geo', () => {
    expect(staticText({ type: 'sms', phone: '+1 (555) 010-0199', message: 'JOIN: menu, please' })).toBe(
      'SMSTO:+15550100199:JOIN: menu, please',
    );
    expect(staticText({ type: 'phone', phone: '+44 20 7946 0958' })).toBe('tel:+442079460958');
    expect(
      staticText({
        type: 'email',
        to: 'Hello@Example.com',
        subject: 'Table 4 & co?',
        body: 'Line 1\nLine 2 é',
      }),
    ).toBe('mailto:hello@example.com?subject=Table%204%20%26%20co%3F&body=Line%201%0D%0ALine%202%20%C3%A9');
    expect(staticText({ type: 'geo', latitude: 48.85837, longitude: -2.2944813 })).toBe(
      'geo:48.85837,-2.294481',
    );
  });

  it('refuses an invalid phone and coordinates out of range', () => {
    expect(issuesOf({ type: 'phone', phone: 'call me' })[0]?.path).toBe('phone');
    expect(issuesOf({ type: 'phone', phone: '+1234567890123456' })[0]?.path).toBe('phone');
    expect(issuesOf({ type: 'geo', latitude: 91, longitude: 0 })).toEqual([
      { path: 'latitude', message: 'Latitude is between -90 and 90.' },
    ]);
    expect(issuesOf({ type: 'geo', latitude: 0, longitude: -180.5 })[0]?.path).toBe('longitude');
    expect(issuesOf({ type: 'sms', phone: '+1555', extra: 1 })[0]?.path).toBe('');
  });
});

describe('dynamic payloads encode the short URL', () => {
  it('url, vcard and event codes encode the same address', () => {
    for (const payload of [
      parse({ type: 'url' }),
      parse({ type: 'vcard', first_name: 'Ada' }),
      parse({ type: 'event', title: 'Launch', starts_at: '2026-12-24T18:30', ends_at: '2026-12-24T20:00' }),
    ])
      expect(qrCodeText(payload, addressOf, 'lnk.example', 'abc')).toBe('https://LNK.EXAMPLE/ABC');
  });
});

describe('content lines', () => {
  it('fold at 75 octets without splitting a UTF-8 character', () => {
    const folded = foldLine(`NOTE:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(UTF8.encode(line).length).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(`NOTE:${'é'.repeat(100)}`);
  });
});

describe('vCard', () => {
  const card: VcardPayload = {
    type: 'vcard',
    first_name: NASTY,
    last_name: "O'Brien; Jr.",
    organization: 'Smith, Jones & Co\\Ltd',
    job_title: 'Head of 🍕',
    mobile: '+33 6 12 34 56 78',
    email: 'ada@example.com',
    website: 'https://example.com/a,b;c',
    street: '1 Rue de la Paix; Bât. B',
    city: 'Paris',
    postal_code: '75002',
    country: 'France',
    note: `Line one, with comma;\nline two ${'long text '.repeat(20)}`,
  };

  it('parses back with ical.js to every field as typed', () => {
    const text = vcardText(card);
    for (const line of text.split('\r\n')) expect(UTF8.encode(line).length).toBeLessThanOrEqual(75);
    const vcard = new ICAL.Component(ICAL.parse(text));
    expect(vcard.getFirstPropertyValue('version')).toBe('4.0');
    expect(vcard.getFirstPropertyValue('n')).toEqual(["O'Brien; Jr.", NASTY, '', '', '']);
    expect(vcard.getFirstPropertyValue('fn')).toBe(`${NASTY} O'Brien; Jr.`);
    expect(vcard.getFirstPropertyValue('org')).toBe('Smith, Jones & Co\\Ltd');
    expect(vcard.getFirstPropertyValue('title')).toBe('Head of 🍕');
    expect(vcard.getFirstPropertyValue('tel')).toBe('tel:+33612345678');
    expect(vcard.getFirstPropertyValue('email')).toBe('ada@example.com');
    expect(vcard.getFirstPropertyValue('url')).toBe('https://example.com/a,b;c');
    expect(vcard.getFirstPropertyValue('adr')).toEqual([
      '',
      '',
      '1 Rue de la Paix; Bât. B',
      'Paris',
      '',
      '75002',
      'France',
    ]);
    expect(vcard.getFirstPropertyValue('note')).toBe(card.note);
  });
});

describe('iCalendar', () => {
  const event: EventPayload = {
    type: 'event',
    title: `Launch; party, ${NASTY}`,
    starts_at: '2026-07-14T18:30',
    ends_at: '2026-07-14T23:00',
    location: 'Quai Branly, Paris; 7e',
    description: 'Bring:\n- a hat, \\ a smile',
  };
  const context = {
    uid: 'qr-1@lnk.example',
    sequence: 3,
    now: new Date('2026-12-07T10:00:00Z'),
    defaultTimeZone: 'Europe/Paris',
  };

  it('writes the workspace zone as a TZID and parses back to the same instants and text', () => {
    const text = icalendarText(event, context);
    for (const line of text.split('\r\n')) expect(UTF8.encode(line).length).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const timezone = calendar.getFirstSubcomponent('vtimezone');
    if (!timezone) throw new Error('no VTIMEZONE');
    ICAL.TimezoneService.register(timezone);
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(vevent.uid).toBe('qr-1@lnk.example');
    expect(vevent.sequence).toBe(3);
    expect(vevent.summary).toBe(event.title);
    expect(vevent.location).toBe(event.location);
    expect(vevent.description).toBe(event.description);
    expect(vevent.startDate.zone.tzid).toBe('Europe/Paris');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-07-14T16:30:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-07-14T21:00:00.000Z');
    expect(text).toContain('DTSTAMP:20261207T100000Z');
  });

  it('writes UTC times for a UTC event and for one across a clock change', () => {
    const utc = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(icalendarText({ ...event, time_zone: 'UTC' }, context)),
      ).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(utc.startDate.toJSDate().toISOString()).toBe('2026-07-14T18:30:00.000Z');
    const overnight = icalendarText(
      { ...event, starts_at: '2026-10-24T22:00', ends_at: '2026-10-25T10:00' },
      context,
    );
    expect(overnight).not.toContain('TZID');
    const vevent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(overnight)).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-10-24T20:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('refuses an event that ends before it starts and a date that does not exist', () => {
    expect(issuesOf({ ...event, ends_at: '2026-07-14T18:00' })[0]?.path).toBe('ends_at');
    expect(issuesOf({ ...event, starts_at: '2026-02-30T10:00' })[0]?.path).toBe('starts_at');
    expect(issuesOf({ ...event, time_zone: 'Mars/Olympus' })[0]?.path).toBe('time_zone');
  });
});

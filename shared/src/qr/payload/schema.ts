import { z } from 'zod';
import { emailSchema, urlSchema } from '../../schemas/common';

/**
 * What a QR code carries (D-570). Dynamic types encode the code's short URL and resolve through the
 * edge (editable after printing, counted); static types encode their own data and are neither.
 * This union is the single shape of the API field, the mutator args and the editor's forms.
 */

const UTF8 = new TextEncoder();
/** Bytes of a string as UTF-8 (Wi-Fi SSIDs are limited in bytes, not characters). */
export function utf8Length(value: string): number {
  return UTF8.encode(value).length;
}

// Control characters would break a line-based format (vCard, iCalendar) or a `WIFI:` string.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f]/;

/** One line of text (a name, a title): no control characters, no line breaks. */
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => !CONTROL_OR_NEWLINE.test(v), {
      message: 'Use one line without control characters.',
      params: { issue: 'invalid_characters' },
    });
/** Free text (a note, a description, a message): line breaks allowed, other control characters not. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !CONTROL.test(v.replace(/\r\n?/g, '\n')), {
      message: 'Use text without control characters.',
      params: { issue: 'invalid_characters' },
    });

/**
 * A phone number as people write it: an optional leading `+`, then 3 to 15 digits (E.164's limit)
 * with spaces, dashes, dots or brackets between them. Encoded without the separators.
 */
export const phoneNumberSchema = z
  .string()
  .trim()
  .max(32)
  .refine((v) => /^\+?[0-9 ().-]+$/.test(v) && /^\+?[0-9]{3,15}$/.test(phoneDigits(v)), {
    message: 'Enter a phone number: digits with an optional leading +, 3 to 15 digits.',
    params: { issue: 'invalid_phone' },
  });

/** `+1 (555) 010-0199` → `+15550100199`. */
export function phoneDigits(phone: string): string {
  return phone.replace(/[ ().-]/g, '');
}

/** A local date and time, to the minute, as a `datetime-local` input gives it: `2026-12-24T18:30`. */
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, {
    message: 'Use a date and time like 2026-12-24T18:30.',
  })
  .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)) && new Date(`${v}:00Z`).toISOString().startsWith(v), {
    message: 'This date does not exist.',
    params: { issue: 'invalid_date' },
  });

/** An IANA time zone the runtime knows (`Europe/Paris`, `UTC`). */
export const timeZoneNameSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone.', params: { issue: 'invalid_time_zone' } },
  );

export const urlPayloadSchema = z.strictObject({
  /** The destination is the code's `destination_url`, re-pointable like before payload types. */
  type: z.literal('url'),
});

export const vcardPayloadSchema = z
  .strictObject({
    type: z.literal('vcard'),
    first_name: line(100).optional(),
    last_name: line(100).optional(),
    organization: line(200).optional(),
    job_title: line(200).optional(),
    phone: phoneNumberSchema.optional(),
    mobile: phoneNumberSchema.optional(),
    email: emailSchema.optional(),
    website: urlSchema.optional(),
    street: line(200).optional(),
    city: line(100).optional(),
    region: line(100).optional(),
    postal_code: line(20).optional(),
    country: line(100).optional(),
    note: text(1000).optional(),
  })
  .refine((v) => v.first_name !== undefined || v.last_name !== undefined || v.organization !== undefined, {
    message: 'A contact needs a first name, a last name or an organisation.',
    path: ['first_name'],
    params: { issue: 'required' },
  });

export const eventPayloadSchema = z
  .strictObject({
    type: z.literal('event'),
    title: line(200),
    /** Wall-clock times in `time_zone`. */
    starts_at: localDateTimeSchema,
    ends_at: localDateTimeSchema,
    /** Absent: the workspace's time zone, read when the page and the `.ics` are served. */
    time_zone: timeZoneNameSchema.optional(),
    location: line(300).optional(),
    description: text(2000).optional(),
    website: urlSchema.optional(),
  })
  .refine((v) => v.ends_at > v.starts_at, {
    message: 'The event must end after it starts.',
    path: ['ends_at'],
    params: { issue: 'ends_before_start' },
  });

export const WIFI_SECURITIES = ['WPA', 'WEP', 'nopass'] as const;
export const wifiPayloadSchema = z
  .strictObject({
    type: z.literal('wifi'),
    ssid: z
      .string()
      .min(1)
      .refine((v) => utf8Length(v) <= 32, {
        message: 'A Wi-Fi network name holds at most 32 bytes (fewer characters outside ASCII).',
        params: { issue: 'too_long' },
      })
      .refine((v) => !CONTROL_OR_NEWLINE.test(v), {
        message: 'Use a network name without control characters.',
        params: { issue: 'invalid_characters' },
      }),
    security: z.enum(WIFI_SECURITIES),
    password: z
      .string()
      .max(63)
      .refine((v) => !CONTROL_OR_NEWLINE.test(v), {
        message: 'Use a password without control characters.',
        params: { issue: 'invalid_characters' },
      })
      .optional(),
    hidden: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.security === 'nopass') {
      if (v.password !== undefined && v.password !== '')
        ctx.addIssue({
          code: 'custom',
          path: ['password'],
          message: 'An open network has no password.',
          params: { issue: 'not_applicable' },
        });
      return;
    }
    const password = v.password ?? '';
    const valid =
      v.security === 'WPA'
        ? password.length >= 8 && password.length <= 63
        : [5, 13].includes(password.length) ||
          ([10, 26].includes(password.length) && /^[0-9a-f]+$/i.test(password));
    if (!valid)
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message:
          v.security === 'WPA'
            ? 'A WPA password has 8 to 63 characters.'
            : 'A WEP key has 5 or 13 characters (or 10 or 26 hexadecimal digits).',
        params: { issue: 'invalid_password' },
      });
  });

export const smsPayloadSchema = z.strictObject({
  type: z.literal('sms'),
  phone: phoneNumberSchema,
  message: text(500).optional(),
});

export const emailPayloadSchema = z.strictObject({
  type: z.literal('email'),
  to: emailSchema,
  subject: line(200).optional(),
  body: text(1000).optional(),
});

export const phonePayloadSchema = z.strictObject({
  type: z.literal('phone'),
  phone: phoneNumberSchema,
});

export const geoPayloadSchema = z.strictObject({
  type: z.literal('geo'),
  latitude: z.number().min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.'),
  longitude: z
    .number()
    .min(-180, 'Longitude is between -180 and 180.')
    .max(180, 'Longitude is between -180 and 180.'),
});

export const qrPayloadSchema = z.discriminatedUnion('type', [
  urlPayloadSchema,
  vcardPayloadSchema,
  eventPayloadSchema,
  wifiPayloadSchema,
  smsPayloadSchema,
  emailPayloadSchema,
  phonePayloadSchema,
  geoPayloadSchema,
]);
export type QrPayload = z.infer<typeof qrPayloadSchema>;
export type QrPayloadType = QrPayload['type'];
export type VcardPayload = z.infer<typeof vcardPayloadSchema>;
export type EventPayload = z.infer<typeof eventPayloadSchema>;
export type WifiPayload = z.infer<typeof wifiPayloadSchema>;

/** Resolve through the edge: the symbol is the short URL, the content can change after printing. */
export const DYNAMIC_PAYLOAD_TYPES = ['url', 'vcard', 'event'] as const;
/** Encode their own data: the symbol is the content, it cannot be re-pointed or counted. */
export const STATIC_PAYLOAD_TYPES = ['wifi', 'sms', 'email', 'phone', 'geo'] as const;
export type DynamicPayload = Extract<QrPayload, { type: (typeof DYNAMIC_PAYLOAD_TYPES)[number] }>;
export type StaticPayload = Extract<QrPayload, { type: (typeof STATIC_PAYLOAD_TYPES)[number] }>;
/** The dynamic types the edge answers with a hosted page instead of a redirect. */
export type HostedPayload = VcardPayload | EventPayload;

export function isStaticPayload(payload: QrPayload): payload is StaticPayload {
  return (STATIC_PAYLOAD_TYPES as readonly string[]).includes(payload.type);
}

export function isHostedPayload(payload: QrPayload): payload is HostedPayload {
  return payload.type === 'vcard' || payload.type === 'event';
}

export const URL_PAYLOAD: QrPayload = { type: 'url' };

/**
 * A create's `destination_url` goes with a URL code (required there) and with no other type: the
 * others carry their data in `payload`. Shared by the REST body and the mutator args.
 */
export function destinationFitsPayload(
  value: { payload?: QrPayload | undefined; destination_url?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const type = value.payload?.type ?? 'url';
  if (type === 'url' && value.destination_url === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['destination_url'],
      message: 'A URL code needs a destination_url.',
      params: { issue: 'required' },
    });
  if (type !== 'url' && value.destination_url !== undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['destination_url'],
      message: `A ${type} code has no destination_url: its content is in payload.`,
      params: { issue: 'not_applicable' },
    });
}

/** A stored `qr_codes.payload` (NULL for codes made before payload types: a URL code). */
export function storedPayload(value: unknown): QrPayload {
  if (value === null || value === undefined) return URL_PAYLOAD;
  const parsed = qrPayloadSchema.safeParse(value);
  return parsed.success ? parsed.data : URL_PAYLOAD;
}

import { z } from 'zod';
import { normalizeUrl } from '../url/normalize-url';

/**
 * Field schemas every domain shares (docs/product-rules.md#api). API and mutator inputs are snake_case, exactly as
 * docs/product-rules.md#api writes the REST bodies.
 */
export const uuidSchema = z.uuid();

/** Lower-case letters, digits and hyphens, 1–64. Input is trimmed and lower-cased first. */
export const SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;

/** Paths the public hosts answer themselves; no short link may take them. */
export const RESERVED_SLUGS = [
  'healthz',
  'api',
  'v1',
  'app',
  'static',
  'assets',
  'robots-txt',
  'favicon',
] as const;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, 'Use 1–64 lower-case letters, digits and hyphens.')
  .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), {
    message: 'This slug is reserved.',
    params: { issue: 'reserved' },
  });

/** A bio page handle: `bio.host/{handle}`. */
export const HANDLE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,62}$/;
export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    HANDLE_PATTERN,
    'Use 1–63 lower-case letters, digits, dots, hyphens and underscores, starting with a letter or digit.',
  );

const HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A destination's host: DNS labels ending in a letters-only top-level domain or an IDN one in its
 * ASCII form (`xn--p1ai` is `.рф`); zod's own domain pattern refuses the latter. No IP address.
 */
const URL_HOST_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** A host typed in Unicode (`links.пример.рф`) in its ASCII form; anything that is not a bare host is left for the pattern to refuse. */
function asciiHost(host: string): string {
  if (!/[^\p{ASCII}]/u.test(host) || /[\s/:?#@[\]\\%]/.test(host)) return host;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
}

/** A DNS host name (no scheme, port, path or trailing dot), lower-cased, IDN in ASCII form: `links.example.com`. */
export const hostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((host) => asciiHost(host.endsWith('.') ? host.slice(0, -1) : host))
  .pipe(z.string().regex(HOST_PATTERN, 'Enter a host name such as links.example.com.'));

export const MAX_URL_LENGTH = 2048;
/** The stored (WHATWG-serialised) form may be longer than what was typed: each non-ASCII character becomes up to 12 bytes. */
export const MAX_STORED_URL_LENGTH = 4096;

/**
 * Normalise at the door (ARCHITECTURE.md#rules-that-hold-at-every-door): a valid URL leaves the schema in its WHATWG serialisation
 * (IDN host → punycode, path and query percent-encoded), the only form ever stored, for REST and
 * push alike. The editor shows it with `displayUrl` (shared/src/url/display-url.ts).
 */
export const normalizedUrlTransform = (value: string, ctx: z.RefinementCtx<string>): string => {
  const href = normalizeUrl(value);
  if (href === null) {
    ctx.addIssue({ code: 'custom', message: 'Enter a full URL.', params: { issue: 'invalid_format' } });
    return z.NEVER;
  }
  if (href.length > MAX_STORED_URL_LENGTH) {
    ctx.addIssue({
      code: 'custom',
      message: 'This address is too long once encoded.',
      params: { issue: 'too_long', maximum: MAX_STORED_URL_LENGTH },
    });
    return z.NEVER;
  }
  return href;
};

export const LOCAL_DESTINATION_MESSAGE =
  'Use a public domain name such as example.com: an IP address or a local name (localhost) cannot be a destination.';

/**
 * Why a typed destination is refused: a well-formed http(s) URL whose host is an IP address or a
 * local name (`localhost`, `intranet`) says so, rather than asking for "a full URL" it already is.
 */
/** A web address whose scheme is not one the field takes (`http://` where only https is sent, `ftp:`, `javascript:`). */
export const HTTPS_ONLY_MESSAGE = 'Use an https:// address.';
export const WEB_SCHEME_MESSAGE = 'Use an http:// or https:// address.';
/** The URL sentences that say more than "enter a full URL": the editor shows them as they are. */
export const URL_REFUSAL_MESSAGES: readonly string[] = [
  LOCAL_DESTINATION_MESSAGE,
  HTTPS_ONLY_MESSAGE,
  WEB_SCHEME_MESSAGE,
];
export const isUrlRefusalMessage = (message: string | undefined): message is string =>
  message !== undefined && URL_REFUSAL_MESSAGES.includes(message);

function destinationMessage(input: unknown, schemes: 'http(s)' | 'https'): string {
  const full = schemes === 'https' ? 'Enter a full https:// URL.' : 'Enter a full http:// or https:// URL.';
  if (typeof input !== 'string') return full;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return full;
  }
  const schemeOk = schemes === 'https' ? url.protocol === 'https:' : /^https?:$/.test(url.protocol);
  if (!schemeOk && url.hostname !== '') return schemes === 'https' ? HTTPS_ONLY_MESSAGE : WEB_SCHEME_MESSAGE;
  if (!schemeOk || url.hostname === '' || URL_HOST_PATTERN.test(url.hostname)) return full;
  return LOCAL_DESTINATION_MESSAGE;
}

/** An absolute http(s) URL of at most 2048 characters, stored normalised. */
export const urlSchema = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: URL_HOST_PATTERN,
      error: (issue) => destinationMessage(issue.input, 'http(s)'),
    }),
  )
  .transform(normalizedUrlTransform)
  .pipe(z.string());

export const httpsUrlSchema = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .pipe(
    z.url({
      protocol: /^https$/,
      hostname: URL_HOST_PATTERN,
      error: (issue) => destinationMessage(issue.input, 'https'),
    }),
  )
  .transform(normalizedUrlTransform)
  .pipe(z.string());

/** An ISO 8601 instant with an offset (`2026-05-01T09:00:00Z`). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/**
 * U+202D and U+202E override the direction of the text after them: after a U+202E the letters of
 * `gnp.exe` show as `exe.png`. Text people read (titles, names, labels, bio, tags) refuses them; the
 * marks and isolates right-to-left writing uses (U+200E, U+200F, U+2066–U+2069) stay allowed.
 */
const DIRECTION_OVERRIDE = /[\u202D\u202E]/;
export const holdsDirectionOverride = (text: string): boolean => DIRECTION_OVERRIDE.test(text);
export const withoutDirectionOverrides = (text: string): string => text.replace(/[\u202D\u202E]/g, '');
export const DIRECTION_OVERRIDE_ISSUE = {
  message:
    'This text holds an invisible character that reverses the text after it (U+202D or U+202E). Remove it.',
  params: { issue: 'direction_override' },
} as const;

/** Trimmed text people read in the editor or on a public page, at most `max` characters, without a direction override. */
export const readableText = (max: number): z.ZodString =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => !holdsDirectionOverride(text), DIRECTION_OVERRIDE_ISSUE);

export const titleSchema = readableText(120).min(1);

/** Up to 20 tags of 1–32 characters, de-duplicated. */
export const tagsSchema = z
  .array(readableText(32).min(1))
  .max(20)
  .transform((tags) => [...new Set(tags)]);

/**
 * An address whose domain is an IDN (`info@müller.de`) is kept with the domain in punycode
 * (`info@xn--mller-kva.de`), as URLs are (ARCHITECTURE.md#rules-that-hold-at-every-door): that is what mail servers route and what one
 * account is found by, whichever way it is typed. A domain that is not a host name is left as typed,
 * for the address check to refuse.
 */
function withAsciiDomain(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  // ASCII needs nothing; a character URL parsing would read as a delimiter must not be dropped silently.
  if (at < 1 || /^[\x20-\x7e]*$/.test(domain) || /[/?#@:\\%\s]/.test(domain)) return email;
  try {
    return `${email.slice(0, at)}@${new URL(`http://${domain}/`).hostname}`;
  } catch {
    return email;
  }
}

/** An address mail can reach (RFC 5321): at most 254 characters, at most 64 before the @. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform(withAsciiDomain)
  .pipe(z.string().max(254))
  .pipe(z.email('must be an email address'))
  .refine((email) => email.indexOf('@') <= 64, {
    message: 'The part before the @ can hold at most 64 characters.',
    params: { issue: 'local_part_too_long' },
  });

/** `?limit=&cursor=` on every list (docs/product-rules.md#api); the cursor is opaque. */
export const paginationQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).max(512).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** `{"data": …, "meta": {…}}` list meta. */
export const listMetaSchema = z.object({ next_cursor: z.string().nullable() });

/** Path parameter `{id}`. */
export const idParamSchema = z.object({ id: uuidSchema });

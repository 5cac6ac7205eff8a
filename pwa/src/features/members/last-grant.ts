import { z } from 'zod';
import { ApiError } from '../../api/api-error';

/** What the server's 409 `last_grant` carries (D-510): the member's role and what they would see unscoped. */
export const lastGrantDetailSchema = z.object({
  role: z.string(),
  links: z.number().int().nonnegative(),
  bio_pages: z.number().int().nonnegative(),
  qr_codes: z.number().int().nonnegative(),
});
export type LastGrantDetail = z.infer<typeof lastGrantDetailSchema>;

/** The detail of a `last_grant` refusal, or null when `error` is anything else. */
export function lastGrantOf(error: unknown): LastGrantDetail | null {
  if (!(error instanceof ApiError) || error.code !== 'last_grant') return null;
  const parsed = lastGrantDetailSchema.safeParse(error.details[0]);
  return parsed.success ? parsed.data : null;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

const roleName = (role: string) => (role === '' ? role : `${role.charAt(0).toUpperCase()}${role.slice(1)}`);

/** "all 12 links, 3 bio pages and 5 QR codes as Editor": what an unscoped member sees. */
export function unscopedScopeText(detail: LastGrantDetail): string {
  return `all ${count(detail.links, 'link', 'links')}, ${count(detail.bio_pages, 'bio page', 'bio pages')} and ${count(detail.qr_codes, 'QR code', 'QR codes')} as ${roleName(detail.role)}`;
}

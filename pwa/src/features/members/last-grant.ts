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

/** What a role may do with the content it sees: a viewer only looks, every other role also edits. */
const roleVerb = (role: string) => (role === 'viewer' ? 'see' : 'see and edit');

/**
 * "Mia will see and edit all 14 links, 3 bio pages and 6 QR codes of Acme": what the member would
 * see once unscoped, from the workspace's counts in the refusal, in the words of the member's role.
 */
export function unscopedScopeText(detail: LastGrantDetail, who: string, workspaceName: string): string {
  return `${who} will ${roleVerb(detail.role)} all ${count(detail.links, 'link', 'links')}, ${count(detail.bio_pages, 'bio page', 'bio pages')} and ${count(detail.qr_codes, 'QR code', 'QR codes')} of ${workspaceName}`;
}

/** "Mia loses Link Spring sale and every other access to Acme": what removing the member takes away. */
export function removedScopeText(who: string, lastGranted: string, workspaceName: string): string {
  return `${who} loses ${lastGranted} and every other access to ${workspaceName}`;
}

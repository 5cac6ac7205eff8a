import { z } from 'zod';

/**
 * A sensitive-content notice (D-606) in front of a whole page or of one link block's destination.
 * No cookie and no script: the notice's "Continue" is a plain link to the same address with
 * `?confirm=…`, which renders the content (or, for a block, redirects). A visitor confirms per visit.
 */
export const NOTICE_KINDS = ['adult', 'sensitive'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_MESSAGE_MAX = 500;

/** The stored and published notice; the REST input is the strict form (schemas/blocks.ts). */
export const sensitiveNoticeSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  message: z.string().max(NOTICE_MESSAGE_MAX).optional(),
});
export type SensitiveNotice = z.infer<typeof sensitiveNoticeSchema>;

export const NOTICE_LABELS: Readonly<Record<NoticeKind, string>> = {
  adult: '18+ (adults only)',
  sensitive: 'Sensitive content',
};

/** The query parameter a "Continue" link sets: `page` past a page's notice, `block` past a link's. */
export const CONFIRM_PARAM = 'confirm';
export type Confirmation = 'page' | 'block' | null;

export function confirmationOf(value: string | undefined): Confirmation {
  return value === 'page' || value === 'block' ? value : null;
}

/** The notice a stored value holds, or null (absent, cleared or unreadable). */
export function noticeOf(value: unknown): SensitiveNotice | null {
  const parsed = sensitiveNoticeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

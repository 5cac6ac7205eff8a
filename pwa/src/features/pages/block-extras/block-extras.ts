import { scheduleOf, scheduleState, type ScheduleState } from '@linkhub/shared/blocks/block-schedule';
import { NOTICE_KINDS, noticeOf, type NoticeKind } from '@linkhub/shared/blocks/sensitive-notice';
import type { BlockView } from '@linkhub/shared/sync/views';

/**
 * The block form's schedule (D-605) and notice (D-606) fields: form values (a `datetime-local` in
 * the device's time zone; a notice kind and message) to and from the block's `data`.
 */
type Json = BlockView['data'][string];
export type ExtraValues = {
  visible_from: string;
  visible_until: string;
  notice_kind: string;
  notice_message: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in this device's time zone (`2026-12-12T10:00`); '' when none. */
export function localInputOf(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (read in this device's time zone) as an ISO instant; null when empty or unreadable. */
export function isoOfLocal(local: string): string | null {
  if (local.trim() === '') return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

export function extraValuesOf(data: Readonly<Record<string, unknown>>): ExtraValues {
  const notice = noticeOf(data.notice);
  return {
    visible_from: localInputOf(data.visible_from),
    visible_until: localInputOf(data.visible_until),
    notice_kind: notice?.kind ?? '',
    notice_message: notice?.message ?? '',
  };
}

function isNoticeKind(value: string): value is NoticeKind {
  return NOTICE_KINDS.some((k) => k === value);
}

/**
 * The data keys the extra fields set, on top of `previous`: a cleared field becomes null only when
 * the block had a value there, so saving an untouched block changes nothing.
 */
export function extraDataOf(
  values: Partial<ExtraValues>,
  previous: Readonly<Record<string, unknown>>,
  withNotice: boolean,
): Record<string, Json> {
  const out: Record<string, Json> = {};
  const had = (key: string) => previous[key] !== undefined && previous[key] !== null;
  for (const key of ['visible_from', 'visible_until'] as const) {
    const iso = isoOfLocal(values[key] ?? '');
    if (iso !== null) out[key] = iso;
    else if (had(key)) out[key] = null;
  }
  if (withNotice) {
    const kind = values.notice_kind ?? '';
    const message = (values.notice_message ?? '').trim();
    if (isNoticeKind(kind)) out.notice = message === '' ? { kind } : { kind, message };
    else if (had('notice')) out.notice = null;
  }
  return out;
}

const DAY_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `12 Dec 10:00`, in this device's time zone. */
export function shortInstant(ms: number): string {
  const parts = Object.fromEntries(DAY_TIME.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.day ?? ''} ${parts.month ?? ''} ${parts.hour ?? ''}:${parts.minute ?? ''}`;
}

/** The schedule as the block list says it, and its badge; null for a block that always shows. */
export function scheduleLine(
  data: Readonly<Record<string, unknown>>,
  now: number,
): { text: string; state: Exclude<ScheduleState, 'always'> } | null {
  const state = scheduleState(data, now);
  if (state === 'always') return null;
  const { from, until } = scheduleOf(data);
  const text =
    from !== null && until !== null
      ? `Shows from ${shortInstant(from)} to ${shortInstant(until)}`
      : from !== null
        ? `Shows from ${shortInstant(from)}`
        : `Shows until ${shortInstant(until ?? now)}`;
  return { text, state };
}

export const SCHEDULE_BADGES: Readonly<Record<Exclude<ScheduleState, 'always'>, string>> = {
  scheduled: 'Scheduled',
  showing: 'Showing now',
  ended: 'Ended',
};

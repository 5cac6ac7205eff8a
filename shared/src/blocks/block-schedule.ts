import { z } from 'zod';

/**
 * Scheduled visibility of a block (D-605): `visible_from` and `visible_until` are instants (ISO with
 * an offset) kept in the block's `data`; null or absent means "no bound". A block is shown from its
 * start (inclusive) until its end (exclusive). The edge evaluates this on every render; a cache of the
 * rendered page may live only until the page's next boundary (`nextScheduleBoundary`).
 */
export const scheduleInstantSchema = z.iso
  .datetime({ offset: true, message: 'Use a date and time such as 2026-12-12T10:00:00Z.' })
  .nullable()
  .optional();

export const blockScheduleFields = {
  visible_from: scheduleInstantSchema,
  visible_until: scheduleInstantSchema,
};

export type BlockSchedule = {
  visible_from?: string | null | undefined;
  visible_until?: string | null | undefined;
};

function instantOf(value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

/** The schedule found in a block's data (unknown values read as no bound). */
export function scheduleOf(data: Readonly<Record<string, unknown>>): {
  from: number | null;
  until: number | null;
} {
  return { from: instantOf(data.visible_from), until: instantOf(data.visible_until) };
}

/** The zod check shared by every door: an end must come after the start. */
export function scheduleInOrder(data: BlockSchedule): boolean {
  const { from, until } = scheduleOf(data);
  return from === null || until === null || until > from;
}

export const SCHEDULE_ORDER_ISSUE = {
  message: 'The end must be after the start.',
  path: ['visible_until'],
  params: { issue: 'schedule_out_of_order' },
};

export type ScheduleState = 'always' | 'scheduled' | 'showing' | 'ended';

/** Where a block stands at `now`: not scheduled, waiting for its start, within its window, or past its end. */
export function scheduleState(data: Readonly<Record<string, unknown>>, now: number): ScheduleState {
  const { from, until } = scheduleOf(data);
  if (from === null && until === null) return 'always';
  if (until !== null && now >= until) return 'ended';
  if (from !== null && now < from) return 'scheduled';
  return 'showing';
}

/** Whether a visitor sees the block at `now`. */
export function isShownAt(data: Readonly<Record<string, unknown>>, now: number): boolean {
  const state = scheduleState(data, now);
  return state === 'always' || state === 'showing';
}

/** The first instant after `now` at which some block appears or disappears, or null when none will. */
export function nextScheduleBoundary(
  blocks: ReadonlyArray<{ data: Readonly<Record<string, unknown>> }>,
  now: number,
): number | null {
  let next: number | null = null;
  for (const block of blocks) {
    const { from, until } = scheduleOf(block.data);
    for (const at of [from, until]) if (at !== null && at > now && (next === null || at < next)) next = at;
  }
  return next;
}

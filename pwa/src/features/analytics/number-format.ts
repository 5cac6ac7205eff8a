import { formatChange, formatCompact, formatCount, formatShare } from '@linkhub/shared/analytics/format';

/** The reader's locale for every number on the dashboard. */
export const locale = (): string => (typeof navigator === 'undefined' ? 'en' : navigator.language || 'en');

export const count = (n: number) => formatCount(n, locale());
export const compact = (n: number) => formatCompact(n, locale());
export const share = (ratio: number) => formatShare(ratio, locale());
export const change = (c: number | null, current?: number) => formatChange(c, locale(), current);

import { formatCount, formatPercentPoints } from '@linkhub/shared/analytics/format';
import { locale } from '../analytics/number-format';

/** The results screen's numbers in the reader's locale (Intl formatters, cached per locale and options). */
export const count = (n: number, at: string = locale()) => formatCount(n, at);

/** A conversion rate to one decimal: 0.1214 → "12.1 %" ("12,1 %" in German); no rate yet → "–". */
export const rate = (x: number | null, at: string = locale()) =>
  x === null ? '–' : formatPercentPoints(x * 100, at, 1);

/** A variant's share of visitors from its weight in basis points: 5000 → "50 %". */
export const weightShare = (basisPoints: number, at: string = locale()) =>
  formatPercentPoints(basisPoints / 100, at, 0);

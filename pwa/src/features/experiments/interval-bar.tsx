import type { VariantResult } from '@linkhub/shared/experiments/schemas';
import { rate as pct } from './number-format';

/**
 * A variant's conversion rate with its always-valid interval drawn on a shared scale (0 to `max`):
 * the band is the interval, the mark the observed rate. Overlapping bands read as "not yet decided".
 */
export function IntervalBar({ variant, max }: { variant: VariantResult; max: number }) {
  if (variant.rate === null || variant.interval === null || max <= 0)
    return <span className="muted">No visitors yet</span>;
  // A CSS length, not a number for people: always a dot, never the reader's separators.
  const at = (x: number) => `${Math.min(100, Math.max(0, (x / max) * 100)).toFixed(2)}%`;
  const low = variant.interval.low;
  const high = Math.min(variant.interval.high, max);
  return (
    <span
      className="interval"
      role="img"
      aria-label={`${variant.name}: ${pct(variant.rate)}, interval ${pct(low)} to ${pct(variant.interval.high)}`}
    >
      <span className="interval-track">
        <span className="interval-band" style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})` }} />
        <span className="interval-mark" style={{ left: at(variant.rate) }} />
      </span>
      <span className="interval-text">
        {pct(low)} – {pct(variant.interval.high)}
      </span>
    </span>
  );
}

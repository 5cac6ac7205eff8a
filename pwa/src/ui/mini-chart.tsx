import type { SummaryView } from '@linkhub/shared/sync/views';

/** The per-resource numbers kept offline (`summary/{id}`): totals and a small daily bar strip. */
export function MiniChart({ summary, noun = 'clicks' }: { summary: SummaryView | undefined; noun?: string }) {
  if (!summary) return <p className="muted">No {noun} yet.</p>;
  const days = summary.daily.slice(-14);
  const max = Math.max(1, ...days.map((d) => d.count));
  return (
    <figure className="mini">
      <figcaption>
        {summary.totals_7d} {noun} in 7 days · {summary.totals_30d} in 30 days · {summary.uniques_30d} unique
        visitors
      </figcaption>
      <svg
        width={days.length * 10}
        height={32}
        role="img"
        aria-label={`Daily ${noun}: ${days.map((d) => `${d.day} ${d.count}`).join(', ')}`}
      >
        {days.map((d, i) => {
          const h = Math.round((d.count / max) * 30) + 1;
          return <rect key={d.day} x={i * 10} y={32 - h} width={8} height={h} fill="#3730a3" />;
        })}
      </svg>
    </figure>
  );
}

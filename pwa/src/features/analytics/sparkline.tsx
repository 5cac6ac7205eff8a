/** A tiny trend line of daily counts (decorative: the number beside it says the total). */
export function Sparkline({ values }: { values: number[] }) {
  if (values.length < 2) return null;
  const max = Math.max(1, ...values);
  const step = 60 / (values.length - 1);
  const points = values
    .map((v, i) => `${(i * step).toFixed(1)},${(18 - (v / max) * 16).toFixed(1)}`)
    .join(' ');
  return (
    <svg className="an-spark" width={60} height={20} aria-hidden="true" focusable="false">
      <polyline points={points} fill="none" stroke="#3730a3" strokeWidth={1.5} />
    </svg>
  );
}

export type Bar = { label: string; value: number };

/** An SVG bar chart with every number also in text (readable without colour, or without the chart). */
export function BarChart({ bars, title }: { bars: Bar[]; title: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = Math.max(bars.length * 14, 140);
  return (
    <figure>
      <figcaption>{title}</figcaption>
      <svg
        className="bars"
        viewBox={`0 0 ${width} 110`}
        role="img"
        aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.value}`).join(', ')}`}
      >
        {bars.map((b, i) => {
          const h = Math.round((b.value / max) * 96);
          return (
            <rect key={b.label} x={i * 14 + 2} y={100 - h} width={10} height={Math.max(h, 1)} fill="#3730a3">
              <title>
                {b.label}: {b.value}
              </title>
            </rect>
          );
        })}
        <line x1={0} y1={100.5} x2={width} y2={100.5} stroke="#4b5563" />
      </svg>
    </figure>
  );
}

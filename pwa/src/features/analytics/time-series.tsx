import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DashboardData, DashboardPoint } from '@linkhub/shared/analytics/dashboard';
import { compact, count } from './number-format';
import { PLOT_HEIGHT, SvgSeries } from './svg-series';
import { dateFormat } from './intl-cache';

/** Day ticks only on a daily series (no "8am" between midnights). */
const DAY_S = 86_400;
const MIN_CANVAS_HEIGHT = 120;
const events = (p: DashboardPoint) => p.clicks + p.scans + p.page_views;

function bucketLabel(iso: string, interval: 'hour' | 'day', timeZone: string): string {
  return dateFormat(timeZone, interval === 'hour' ? 'hourLong' : 'dayLong').format(new Date(iso));
}

/**
 * Events per bucket with real axes (dates in the workspace time zone, counts), the value under the
 * pointer, and the previous period drawn faintly on the same buckets. uPlot and its CSS load with
 * the chart, not with the editor. A table of the same numbers sits behind a disclosure.
 */
export function TimeSeries({ data }: { data: DashboardData }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // uPlot (and its CSS) load when someone reaches for the chart; until then a plain SVG stands in
  const [rich, setRich] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [width, setWidth] = useState(640);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const read = () => setWidth(Math.round(el.clientWidth));
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el || !rich) return;
    let plot: {
      root: HTMLElement;
      destroy(): void;
      setSize(s: { width: number; height: number }): void;
    } | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (!live) return;
        const tz = data.time_zone;
        const xs = data.series.map((p) => new Date(p.bucket_start).getTime() / 1000);
        const current = data.series.map(events);
        const previous = data.series.map((_, i) => {
          const p = data.previous_series[i];
          return p ? events(p) : null;
        });
        const width = Math.max(280, el.clientWidth);
        plot = new UPlot(
          {
            width,
            height: PLOT_HEIGHT,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), tz),
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
            axes: [
              data.interval === 'day'
                ? {
                    stroke: '#4b5563',
                    grid: { stroke: '#eef0f3' },
                    incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S],
                  }
                : { stroke: '#4b5563', grid: { stroke: '#eef0f3' } },
              {
                stroke: '#4b5563',
                grid: { stroke: '#eef0f3' },
                values: (_u, vals) => vals.map((v) => compact(v)),
                size: 56,
              },
            ],
            series: [
              {
                value: (_u, v) =>
                  v === null ? '' : bucketLabel(new Date(v * 1000).toISOString(), data.interval, tz),
              },
              {
                label: 'This period',
                stroke: '#3730a3',
                width: 2,
                fill: 'rgba(55,48,163,0.08)',
                value: (_u, v) => (v === null ? '–' : count(v)),
              },
              {
                label: 'Previous period',
                stroke: '#9ca3af',
                width: 1.5,
                dash: [5, 4],
                value: (_u, v) => (v === null ? '–' : count(v)),
              },
            ],
          },
          [xs, current, previous],
          el,
        );
        // the canvas takes what its legend leaves of the box, so the box keeps the plain chart's height
        const fit = () => {
          if (!plot) return;
          const legend = plot.root.querySelector('.u-legend')?.getBoundingClientRect().height ?? 0;
          plot.setSize({
            width: Math.max(280, el.clientWidth),
            height: Math.max(MIN_CANVAS_HEIGHT, PLOT_HEIGHT - Math.ceil(legend)),
          });
        };
        fit();
        setDrawn(true);
        observer = new ResizeObserver(fit);
        observer.observe(el);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [data, rich]);
  const total = data.series.reduce((a, p) => a + events(p), 0);
  return (
    <section className="an-card an-series" aria-labelledby="an-h-series">
      <h2 id="an-h-series">Events per {data.interval === 'hour' ? 'hour' : 'day'}</h2>
      <div
        ref={box}
        className="an-plot"
        style={{ height: PLOT_HEIGHT }}
        role="img"
        aria-label={`Events per ${data.interval}: ${count(total)} in this period against ${count(
          data.previous_series.reduce((a, p) => a + events(p), 0),
        )} in the previous one. The table below has every value.`}
        onPointerEnter={() => setRich(true)}
        onTouchStart={() => setRich(true)}
      >
        {!drawn && <SvgSeries data={data} width={width} />}
      </div>
      {failed && <p className="muted">The chart could not load offline; the table has the numbers.</p>}
      <details>
        <summary>Show as table</summary>
        <table className="an-table">
          <thead>
            <tr>
              <th scope="col">{data.interval === 'hour' ? 'Hour' : 'Day'}</th>
              <th scope="col">Events</th>
              <th scope="col">Previous period</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((p, i) => {
              const prev = data.previous_series[i];
              return (
                <tr key={p.bucket_start}>
                  <td>{bucketLabel(p.bucket_start, data.interval, data.time_zone)}</td>
                  <td>{count(events(p))}</td>
                  <td>{prev ? count(events(prev)) : '–'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </section>
  );
}

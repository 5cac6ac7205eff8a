import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { BucketHistogram } from './bucket-histogram';
import { LATENCY_BUCKETS } from './registry';

const CLASSES = ['redirect', 'qr', 'bio', 'other'] as const;
const NAME = 'linkhub_http_request_duration_seconds';
const HELP = 'Requests served, by route class.';

/** The same observations through prom-client's Histogram and through BucketHistogram, each in a registry with a default label. */
function both() {
  const reference = new Registry();
  const ours = new Registry();
  for (const r of [reference, ours]) r.setDefaultLabels({ service: 'edge' });
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['route_class'],
    buckets: LATENCY_BUCKETS,
    registers: [reference],
  });
  const children = CLASSES.map((c) => histogram.labels(c));
  const bucketed = new BucketHistogram({
    name: NAME,
    help: HELP,
    label: 'route_class',
    values: CLASSES,
    buckets: LATENCY_BUCKETS,
    registry: ours,
  });
  return {
    reference,
    ours,
    observe(index: number, seconds: number) {
      children[index]?.observe(seconds);
      bucketed.observeAt(index, seconds);
    },
  };
}

const seconds = fc.oneof(
  fc.constantFrom(0, ...LATENCY_BUCKETS, 5.000001, 30),
  fc.double({ min: 0, max: 10, noNaN: true }),
);

describe('BucketHistogram', () => {
  it('scrapes exactly what prom-client renders for the same observations (text and JSON)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: CLASSES.length - 1 }), seconds), { maxLength: 60 }),
        async (observations) => {
          const { reference, ours, observe } = both();
          for (const [index, value] of observations) observe(index, value);
          expect(await ours.metrics()).toBe(await reference.metrics());
          expect(await ours.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('starts over on reset, as prom-client does', async () => {
    const { reference, ours, observe } = both();
    observe(0, 0.001);
    observe(2, 3);
    reference.resetMetrics();
    ours.resetMetrics();
    observe(1, 0.2);
    expect(await ours.metrics()).toBe(await reference.metrics());
    expect(await ours.metrics()).toContain('route_class="qr"');
  });
});

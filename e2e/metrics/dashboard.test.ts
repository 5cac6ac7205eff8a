import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createEdgePrometheus } from '../../edge/src/prometheus';
import { createMetrics } from '../../edge/src/metrics';
import { createSyncPrometheus } from '../../sync-server/src/platform/prometheus';
import { createWorkerMetrics } from '../../worker/src/prometheus';

const DASHBOARD = fileURLToPath(new URL('../../docs/grafana/linkhub.json', import.meta.url));

/** Every metric name a panel's query reads (histogram series by their family name). */
function queriedNames(): Set<string> {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    panels: Array<{ targets: Array<{ expr: string }> }>;
  };
  const names = new Set<string>();
  for (const panel of dashboard.panels)
    for (const target of panel.targets)
      for (const match of target.expr.matchAll(/\b(?:linkhub|process|nodejs)_\w+/g))
        names.add(match[0].replace(/_(bucket|count|sum)$/, ''));
  return names;
}

describe('docs/grafana/linkhub.json', () => {
  it('queries only metrics the services register', () => {
    const unused = new Redis({ lazyConnect: true });
    const registries = [
      createEdgePrometheus(createMetrics()).registry,
      createSyncPrometheus().registry,
      createWorkerMetrics({
        redis: unused,
        prefix: '',
        jobs: {
          queue: () => {
            throw new Error('not scraped');
          },
        },
        queues: [],
      }),
    ];
    const registered = new Set(registries.flatMap((r) => r.getMetricsAsArray().map((m) => m.name)));
    const names = queriedNames();
    expect(names.size).toBeGreaterThan(10);
    expect([...names].filter((name) => !registered.has(name))).toEqual([]);
    unused.disconnect();
  });
});

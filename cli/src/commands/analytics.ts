import { dataOf } from '@linkhub/sdk';
import { connect, parseCommand } from '../context';
import { UsageError, type CliIo } from '../io';

export const ANALYTICS_USAGE = `linkhub analytics summary [<resource id>] [--period today|24h|7d|30d|90d]`;

const PERIODS = ['today', '24h', '7d', '30d', '90d'] as const;
const METRICS = [
  ['clicks', 'clicks'],
  ['scans', 'scans'],
  ['page_views', 'page views'],
  ['unique_visitors', 'unique visitors'],
] as const;
const TOP = [
  ['country', 'top countries'],
  ['referrer_host', 'top referrers'],
  ['device_type', 'devices'],
] as const;

const change = (now: number | null, before: number | null): string => {
  if (now === null || before === null) return '';
  if (before === 0) return now === 0 ? '' : ' (new)';
  const percent = Math.round(((now - before) / before) * 100);
  return ` (${percent >= 0 ? '+' : ''}${percent}% on the previous period)`;
};

/** `linkhub analytics summary`: a period's totals against the previous one, and the top sources. */
export async function analyticsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [verb = '', ...rest] = argv;
  const { values, positionals } = parseCommand(rest, { period: { type: 'string', default: '30d' } });
  if (values.help) {
    io.out(ANALYTICS_USAGE);
    return 0;
  }
  if (verb !== 'summary')
    throw new UsageError(verb === '' ? 'missing analytics command' : `unknown analytics command: ${verb}`);
  const period = PERIODS.find((p) => p === values.period);
  if (period === undefined) throw new UsageError(`--period is one of ${PERIODS.join(', ')}`);
  const lh = await connect(values, io);
  const { data } = await dataOf(
    lh.GET('/v1/analytics/dashboard', { params: { query: { period, resource_id: positionals[0] } } }),
  );
  if (values.json) {
    io.out(JSON.stringify(data, null, 2));
    return 0;
  }
  io.out(`${data.window.from} → ${data.window.to}`);
  for (const [key, label] of METRICS)
    io.out(`${label}: ${data.totals[key] ?? '–'}${change(data.totals[key], data.previous[key])}`);
  for (const [dimension, label] of TOP) {
    const rows = (data.breakdowns[dimension] ?? []).slice(0, 5);
    if (rows.length === 0) continue;
    const names = data.value_names[dimension] ?? {};
    io.out(
      `${label}: ${rows.map((row) => `${row.value === null ? '(none)' : (names[row.value] ?? row.value)} ${row.events}`).join(', ')}`,
    );
  }
  return 0;
}

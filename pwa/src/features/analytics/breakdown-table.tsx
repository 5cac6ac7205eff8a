import { useApi } from '../../ui/use-api';

type Row = { value: string | null; events: number; clicks: number; scans: number; page_views: number };

/** Counts by one dimension (country, device, browser, referrer, UTM), largest first. */
export function BreakdownTable({
  query,
  dimension,
  label,
}: {
  query: string;
  dimension: string;
  label: string;
}) {
  const { data, error } = useApi<Row[]>(`/v1/analytics/breakdown?${query}&dimension=${dimension}&limit=10`);
  return (
    <table className="grid">
      <caption>{label}</caption>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col">Events</th>
        </tr>
      </thead>
      <tbody>
        {error && (
          <tr>
            <td colSpan={2}>{error}</td>
          </tr>
        )}
        {data?.length === 0 && (
          <tr>
            <td colSpan={2}>No data in this range.</td>
          </tr>
        )}
        {data?.map((r) => (
          <tr key={r.value ?? '(none)'}>
            <td>{r.value ?? '(unknown)'}</td>
            <td>{r.events}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

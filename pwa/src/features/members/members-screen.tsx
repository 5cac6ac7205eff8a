export default function Screen(_props: { rest: string[] }) {
  return <p className="muted">Coming soon.</p>;
}

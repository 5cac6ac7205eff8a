/** The explicit yes a user gives before saving a destination whose host mixes alphabets. */
export function LookalikeConfirm({ host, onConfirm }: { host: string; onConfirm: () => void }) {
  return (
    <div className="panel" role="alert" data-testid="lookalike-warning">
      <p>
        <strong>{host}</strong> mixes letters from different alphabets, which is how look-alike addresses
        imitate real sites. Save it only if you trust this address.
      </p>
      <button type="button" onClick={onConfirm}>
        I trust this address
      </button>
    </div>
  );
}

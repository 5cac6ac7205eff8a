/**
 * What an empty list shows instead of "nothing yet": one sentence on what the thing is and, for
 * someone allowed to make one, the button that starts the first (D-526). A viewer reads the sentence
 * and is told who can add one.
 */
export function FirstStep({
  label,
  sentence,
  action,
  onAct,
}: {
  /** The region's accessible name, e.g. "First short link". */
  label: string;
  sentence: string;
  /** The button's words; null when this person may not create one. */
  action: string | null;
  onAct: () => void;
}) {
  return (
    <section className="panel first-step" aria-label={label}>
      <p>{sentence}</p>
      {action === null ? (
        <p className="muted">An owner or editor of this workspace can add the first one.</p>
      ) : (
        <button type="button" className="primary" onClick={onAct}>
          {action}
        </button>
      )}
    </section>
  );
}

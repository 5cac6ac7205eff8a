/** What the last action of a form came to: a refusal is shown as an error and announced, a success politely. */
export type Outcome = { failed: boolean; text: string };
export const NO_OUTCOME: Outcome = { failed: false, text: '' };

export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (outcome.text === '') return null;
  return outcome.failed ? (
    <p className="error" role="alert">
      {outcome.text}
    </p>
  ) : (
    <p aria-live="polite">{outcome.text}</p>
  );
}

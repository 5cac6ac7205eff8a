import { useState } from 'react';
import { NOTICE_KINDS, NOTICE_LABELS, type SensitiveNotice } from '@linkhub/shared/blocks/sensitive-notice';

/**
 * The page-wide sensitive-content notice (D-606): visitors see it first and continue with one tap;
 * nothing of the page is sent before. Saved through the updatePage mutator, so it works offline.
 */
export function PageNoticePanel({
  notice,
  readOnly,
  onSave,
}: {
  notice: SensitiveNotice | null;
  readOnly: boolean;
  onSave: (notice: SensitiveNotice | null) => Promise<unknown>;
}) {
  const [kind, setKind] = useState<string>(notice?.kind ?? '');
  const [message, setMessage] = useState(notice?.message ?? '');
  const [said, setSaid] = useState('');
  const picked = NOTICE_KINDS.find((k) => k === kind);
  return (
    <form
      className="panel"
      aria-labelledby="page-notice-title"
      onSubmit={(e) => {
        e.preventDefault();
        const text = message.trim();
        const next =
          picked === undefined ? null : text === '' ? { kind: picked } : { kind: picked, message: text };
        setSaid('');
        void onSave(next).then(() =>
          setSaid(
            navigator.onLine ? 'Saved. Publish to show it.' : 'Saved on this device; it syncs when online.',
          ),
        );
      }}
    >
      <h2 id="page-notice-title">Sensitive-content notice</h2>
      <p className="muted">Visitors see this notice before the page and continue with one tap.</p>
      <div className="field">
        <label htmlFor="page-notice-kind">Notice before the page</label>
        <select
          id="page-notice-kind"
          value={kind}
          disabled={readOnly}
          onChange={(e) => {
            setSaid('');
            setKind(e.target.value);
          }}
        >
          <option value="">No notice</option>
          {NOTICE_KINDS.map((k) => (
            <option key={k} value={k}>
              {NOTICE_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      {picked !== undefined && (
        <div className="field">
          <label htmlFor="page-notice-message">Message (optional)</label>
          <textarea
            id="page-notice-message"
            rows={2}
            maxLength={500}
            value={message}
            readOnly={readOnly}
            onChange={(e) => {
              setSaid('');
              setMessage(e.target.value);
            }}
          />
        </div>
      )}
      {!readOnly && (
        <button type="submit" className="primary">
          Save notice
        </button>
      )}
      {said && <p aria-live="polite">{said}</p>}
    </form>
  );
}

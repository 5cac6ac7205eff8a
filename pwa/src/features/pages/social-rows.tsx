import { Field } from '../../ui/field';
import { KNOWN_NETWORKS, type SocialRow } from './block-fields';

const MAX_ROWS = 20;

/** Every network of a social block as its own row: edit, add, remove. */
export function SocialRows({
  rows,
  onChange,
  errors,
}: {
  rows: SocialRow[];
  onChange: (rows: SocialRow[]) => void;
  errors: Record<string, string>;
}) {
  const setRow = (i: number, patch: Partial<SocialRow>) =>
    onChange(rows.map((r, j) => (i === j ? { ...r, ...patch } : r)));
  return (
    <fieldset>
      <legend>Social networks</legend>
      <datalist id="social-networks">
        {KNOWN_NETWORKS.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {rows.map((r, i) => (
        <div className="row" key={i} data-testid="social-row">
          <div className="field">
            <label htmlFor={`social-network-${i}`}>Network {i + 1}</label>
            <input
              id={`social-network-${i}`}
              list="social-networks"
              value={r.network}
              onChange={(e) => setRow(i, { network: e.target.value })}
              aria-invalid={errors[`links.${i}.network`] ? true : undefined}
            />
            {errors[`links.${i}.network`] && <small className="error">{errors[`links.${i}.network`]}</small>}
          </div>
          <Field
            label={`Profile URL ${i + 1}`}
            type="url"
            value={r.url}
            onChange={(v) => setRow(i, { url: v })}
            error={errors[`links.${i}.url`]}
          />
          <button
            type="button"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            disabled={rows.length === 1}
          >
            Remove network {i + 1}
          </button>
        </div>
      ))}
      {errors.links && <p className="error">{errors.links}</p>}
      {rows.length < MAX_ROWS && (
        <button type="button" onClick={() => onChange([...rows, { network: '', url: '' }])}>
          Add network
        </button>
      )}
    </fieldset>
  );
}

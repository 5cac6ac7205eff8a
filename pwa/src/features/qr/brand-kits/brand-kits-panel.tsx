import type { BrandKit } from '@linkhub/shared/schemas/brand-kits';
import type { QrView } from '@linkhub/shared/sync/views';
import { useEffect, useState } from 'react';
import { errorText } from '../../../ui/error-messages';
import { useAliveRef } from '../../../ui/use-alive';
import { deleteBrandKit, listBrandKits, saveDesignAsBrandKit } from './brand-kits-api';

/** The workspace's brand kits, loaded once the panel opens (and again after a change). */
export function useBrandKits(workspaceId: string): {
  kits: BrandKit[] | null;
  error: string | null;
  reload: () => void;
} {
  const [kits, setKits] = useState<BrandKit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const alive = useAliveRef();
  useEffect(() => {
    listBrandKits(workspaceId).then(
      (found) => alive.current && setKits(found),
      (e: unknown) => alive.current && setError(errorText(e)),
    );
  }, [workspaceId, round, alive]);
  return { kits, error, reload: () => setRound((r) => r + 1) };
}

/**
 * Brand kits: saved designs (colours, logo, frame, label style) a CSV import or a bulk create
 * starts every code from. Anyone who makes codes saves one from an existing code's design or
 * deletes one; a viewer only sees the list.
 */
export function BrandKitsPanel({
  workspaceId,
  codes,
  canManage,
  onClose,
}: {
  workspaceId: string;
  codes: readonly QrView[];
  canManage: boolean;
  onClose: () => void;
}) {
  const { kits, error, reload } = useBrandKits(workspaceId);
  const [name, setName] = useState('');
  const [from, setFrom] = useState(codes[0]?.id ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const source = codes.find((c) => c.id === from);

  const save = async () => {
    if (!source) return;
    try {
      const kit = await saveDesignAsBrandKit(workspaceId, name.trim(), source.design);
      setMessage(`Saved the brand kit “${kit.name}”.`);
      setName('');
      reload();
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const remove = async (kit: BrandKit) => {
    try {
      await deleteBrandKit(workspaceId, kit.id);
      setMessage(`Deleted “${kit.name}”. Codes made with it keep their design.`);
      reload();
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  return (
    <section className="panel" id="brand-kits" aria-labelledby="brand-kits-title">
      <h2 id="brand-kits-title">Brand kits</h2>
      {error && <p className="error">{error}</p>}
      {kits === null && !error && <p className="muted">Loading…</p>}
      {kits?.length === 0 && <p className="muted">No brand kits yet.</p>}
      {kits && kits.length > 0 && (
        <ul className="list">
          {kits.map((kit) => (
            <li key={kit.id}>
              <span className="list-lead">
                <span aria-hidden="true" className="swatch" style={{ background: kit.design.fg_color }} />{' '}
                {kit.name}
              </span>
              <span className="muted">
                {kit.design.frame ? `frame “${kit.design.frame.label}”` : 'no frame'}
              </span>
              {canManage && (
                <button type="button" onClick={() => void remove(kit)}>
                  Delete {kit.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && codes.length > 0 && (
        <form
          aria-label="Save a design as a brand kit"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="field">
            <label htmlFor="brand-kit-from">Design of</label>
            <select id="brand-kit-from" value={from} onChange={(e) => setFrom(e.target.value)}>
              {codes.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title ?? c.slug}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="brand-kit-name">Brand kit name</label>
            <input
              id="brand-kit-name"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <button type="submit" className="primary" disabled={name.trim() === '' || !source}>
            Save as brand kit
          </button>
        </form>
      )}
      {message && <p role="status">{message}</p>}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

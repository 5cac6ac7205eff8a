import type { BrandKit } from '@linkhub/shared/schemas/brand-kits';
import { defaultQrDesign, type QrDesign } from '@linkhub/shared/qr/design';
import { useState } from 'react';
import { useConnectionState } from '../../../ui/use-connection';
import { useBrandKits } from './brand-kits-panel';
import { designFromBrandKit } from './kit-design';

const LABEL = 'Brand kit';

/**
 * A new code's "Brand kit" choice: picking a kit fills the designer from it (the fields stay
 * editable, and the code stores the design it is saved with). Kits are read online only (D-577).
 */
export function BrandKitPick({
  workspaceId,
  onDesign,
}: {
  workspaceId: string;
  onDesign: (design: QrDesign) => void;
}) {
  const online = useConnectionState() === 'online';
  if (!online)
    return (
      <div className="field">
        <label htmlFor="qr-editor-kit">{LABEL}</label>
        <select id="qr-editor-kit" disabled aria-describedby="qr-editor-kit-offline">
          <option>None (the default design)</option>
        </select>
        <p id="qr-editor-kit-offline" className="muted">
          Brand kits need a connection; the design below can still be set by hand.
        </p>
      </div>
    );
  // Mounted only while online, so coming back online loads the kits.
  return <OnlineBrandKitPick workspaceId={workspaceId} onDesign={onDesign} />;
}

function OnlineBrandKitPick({
  workspaceId,
  onDesign,
}: {
  workspaceId: string;
  onDesign: (design: QrDesign) => void;
}) {
  const { kits, error } = useBrandKits(workspaceId);
  const [kitId, setKitId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (error) return <p className="error">Brand kits could not be loaded: {error}</p>;
  if (kits === null || kits.length === 0) return null;

  const pick = (id: string) => {
    const kit: BrandKit | undefined = kits.find((k) => k.id === id);
    const design = kit ? designFromBrandKit(kit) : defaultQrDesign;
    if (design === null) {
      setProblem('That brand kit’s design cannot be used any more; the design below is unchanged.');
      return;
    }
    setProblem(null);
    setKitId(id);
    onDesign(design);
  };
  return (
    <div className="field">
      <label htmlFor="qr-editor-kit">{LABEL}</label>
      <select id="qr-editor-kit" value={kitId} onChange={(e) => pick(e.target.value)}>
        <option value="">None (the default design)</option>
        {kits.map((kit) => (
          <option key={kit.id} value={kit.id}>
            {kit.name}
          </option>
        ))}
      </select>
      {problem && <p className="error">{problem}</p>}
    </div>
  );
}

import { utmPresetSchema, type UtmPreset } from '@linkhub/shared/schemas/utm-presets';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { errorText } from '../../../ui/error-messages';
import { useAliveRef } from '../../../ui/use-alive';
import { listUtmPresets } from './presets-api';

const cacheKey = (workspaceId: string) => `linkhub:utm-presets:${workspaceId}`;

/** The list last read for this workspace, so the editor's menu works offline (D-623). */
function cached(workspaceId: string): UtmPreset[] | null {
  try {
    const raw = localStorage.getItem(cacheKey(workspaceId));
    const parsed = z.array(utmPresetSchema).safeParse(raw === null ? null : JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The workspace's UTM presets: the last known list at once, then the server's (again after `reload`). */
export function useUtmPresets(workspaceId: string): {
  presets: UtmPreset[] | null;
  error: string | null;
  reload: () => void;
} {
  const [presets, setPresets] = useState<UtmPreset[] | null>(() => cached(workspaceId));
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const alive = useAliveRef();
  useEffect(() => {
    listUtmPresets(workspaceId).then(
      (found) => {
        if (!alive.current) return;
        setPresets(found);
        setError(null);
        try {
          localStorage.setItem(cacheKey(workspaceId), JSON.stringify(found));
        } catch {
          // A full or blocked storage only costs the offline copy.
        }
      },
      (e: unknown) => alive.current && setError(errorText(e)),
    );
  }, [workspaceId, round, alive]);
  return { presets, error, reload: () => setRound((r) => r + 1) };
}

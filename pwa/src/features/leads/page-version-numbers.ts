import { useCallback, useEffect, useState } from 'react';
import type { Lead } from '@linkhub/shared/schemas/leads';
import type { PageVersionView } from '@linkhub/shared/schemas/page-versions';
import { fetchPublishedVersions } from '../pages/versions-api';
import { versionNumberOf } from '../pages/version-numbers';

/**
 * " (page version N)" for a lead, N being the number the page's version history shows (a lead
 * records the draft revision it was published from, which is not that number). The pages' published
 * versions are fetched once each; until they arrive, or offline, nothing is said rather than a wrong number.
 */
export function usePageVersionNumbers(workspaceId: string, leads: readonly Lead[]): (lead: Lead) => string {
  const [lists, setLists] = useState<Record<string, readonly PageVersionView[]>>({});
  const wanted = [...new Set(leads.filter((l) => l.page_revision !== null).map((l) => l.page_id))]
    .filter((id) => !(id in lists))
    .join(',');
  useEffect(() => {
    if (wanted === '') return;
    let live = true;
    for (const pageId of wanted.split(','))
      fetchPublishedVersions(workspaceId, pageId)
        .then((versions) => {
          if (live) setLists((before) => ({ ...before, [pageId]: versions }));
        })
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workspaceId, wanted]);
  return useCallback(
    (lead: Lead) => {
      const versions = lists[lead.page_id];
      if (lead.page_revision === null || versions === undefined) return '';
      const n = versionNumberOf(versions, lead.page_revision);
      return n === null ? ' (an earlier page version)' : ` (page version ${n})`;
    },
    [lists],
  );
}

import { pageVersionListSchema, type PageVersionView } from '@linkhub/shared/schemas/page-versions';
import { api } from '../../app/api';

/** Published versions of a page, newest first (they are not in the Replicache store: fetched when online). */
export async function fetchPublishedVersions(workspaceId: string, pageId: string): Promise<PageVersionView[]> {
  return pageVersionListSchema.parse(await api<unknown>(`/api/workspaces/${workspaceId}/pages/${pageId}/versions?kind=published`));
}

/** The last list seen per page, so the panel still shows it offline or while it refreshes. */
const lastSeen = new Map<string, PageVersionView[]>();
export const rememberedVersions = (pageId: string): PageVersionView[] | null => lastSeen.get(pageId) ?? null;
export const rememberVersions = (pageId: string, versions: PageVersionView[]): void => {
  lastSeen.set(pageId, versions);
};

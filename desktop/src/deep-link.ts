import { isWorkspaceId } from '@linkhub/shared/platform/bridge';

export const DEEP_LINK_SCHEME = 'linkhub';

export type DeepLink = {
  workspaceId: string;
  /** The in-app route, e.g. `/workspace/{ws}/links/{id}`. */
  route: string;
};

const RESOURCES = { links: 'links', qr: 'qr', pages: 'pages' } as const;

/**
 * `linkhub://workspace/{id}`, `…/links/{id}`, `…/qr/{id}`, `…/pages/{id}` → an in-app route.
 * Anything else (other schemes, hosts, resources, extra segments, query strings, ids that are not
 * UUIDs) is refused: null.
 */
export function parseDeepLink(raw: string): DeepLink | null {
  if (raw.length > 500) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.host !== 'workspace') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '' || url.search !== '' || url.hash !== '')
    return null;
  const segments = url.pathname.replace(/\/$/, '').split('/').slice(1);
  const [workspaceId, resource, resourceId, ...rest] = segments;
  if (workspaceId === undefined || !isWorkspaceId(workspaceId) || rest.length > 0) return null;
  const base = `/workspace/${workspaceId.toLowerCase()}`;
  if (resource === undefined) return { workspaceId: workspaceId.toLowerCase(), route: base };
  if (!Object.hasOwn(RESOURCES, resource) || resourceId === undefined || !isWorkspaceId(resourceId))
    return null;
  return { workspaceId: workspaceId.toLowerCase(), route: `${base}/${resource}/${resourceId.toLowerCase()}` };
}

/** The deep link among process arguments (Windows/Linux pass it on the command line). */
export function deepLinkFromArgv(argv: readonly string[]): DeepLink | null {
  for (const arg of argv) {
    if (arg.startsWith(`${DEEP_LINK_SCHEME}://`)) return parseDeepLink(arg);
  }
  return null;
}

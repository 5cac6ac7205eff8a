/** What other resources may use of domains (D-532): a workspace's domain id for a hostname. */
export { domainIdForHost } from './queries';

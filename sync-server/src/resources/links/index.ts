/**
 * What other resources may use of links (D-532): the bulk-create machinery QR codes' bulk create
 * shares (per-item errors, domain memo, DNS warm-up, item limit) and the domain lookup's type.
 */
export { itemError, memoDomainIds } from './bulk';
export { BULK_MAX_LINKS, bulkItemErrorSchema } from './bulk-schema';
export { warmDestinationDns } from './dns-warm';
export type { DomainIdOf } from './create';

import type { DomainRow } from '@linkhub/shared/server/domains/domain-view';

export { serializeDomain } from '@linkhub/shared/server/domains/domain-view';

export type DomainRecord = DomainRow & { cursor_at: string };

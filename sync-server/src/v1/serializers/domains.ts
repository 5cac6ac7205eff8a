import type { DomainRow } from '@linkhub/shared/domains/domain-view';

export { serializeDomain } from '@linkhub/shared/domains/domain-view';

export type DomainRecord = DomainRow & { cursor_at: string };

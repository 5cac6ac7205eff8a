export { createLinkHubClient, dataOf, type LinkHubClient, type LinkHubOptions } from './client';
export { LinkHubApiError, type ErrorCode, type ErrorDetail, type ErrorEnvelope } from './errors';
export { paginate, type Page } from './pagination';
export type { components, operations, paths } from './generated/openapi';

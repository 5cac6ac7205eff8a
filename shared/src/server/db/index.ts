/** Server-only database layer: `@linkhub/shared/db`. Never imported by edge/ or pwa/. */
export * from './schema';
export {
  createDb,
  type Database,
  type DbExecutor,
  type DbHandle,
  type CreateDbOptions,
  type Schema,
} from './client';
export { migrate, MIGRATIONS_DIR, type MigrationResult } from './migrate';
export {
  ensureSystemDomains,
  DEFAULT_LINK_HOST,
  DEFAULT_BIO_HOST,
  type SystemHosts,
  type SystemDomainIds,
} from './system-domains';
export { uuidv7 } from './ids';
export { pgErrorInfo, isQrSlugReserved, type PgErrorInfo } from './errors';

import { hash } from 'node:crypto';

/**
 * A visitor's key in one experiment: the first 8 bytes (16 hex) of SHA-256(experiment id ‖ ':' ‖
 * visitor hash hex). The click id carries it instead of the visitor hash, and the worker computes the
 * same key in SQL (`VISITOR_KEY_SQL`) to match a conversion to the exposure it came from (so a
 * conversion counts only for a real, non-bot visitor-day of its variant).
 */
export function visitorKeyFor(visitorHash: string, experimentId: string): string {
  return hash('sha256', `${experimentId}:${visitorHash}`, 'hex').slice(0, 16);
}

/** The same key in PostgreSQL, from `experiment_id` (uuid) and `visitor_hash` (bytea) columns. */
export const VISITOR_KEY_SQL = (experimentId: string, visitorHash: string) =>
  `substr(encode(sha256(convert_to(${experimentId}::text || ':' || encode(${visitorHash}, 'hex'), 'UTF8')), 'hex'), 1, 16)`;

// shared modules that need Node or a server (PostgreSQL, Redis, sharp, pino, the file system):
// eight restricted imports in the PWA, allowed in the server-side services and desktop.
import { createDb } from '@linkhub/shared/db';
import { createLocalArtifactStore } from '@linkhub/shared/artifacts/local-store';
import { createLogger } from '@linkhub/shared/logging/logger';
import { visitorHash } from '@linkhub/shared/analytics/visitor-hash';
import { renderPng } from '@linkhub/shared/qr/render/png';
import { validateQrDesign } from '@linkhub/shared/qr/validate';
import { refreshCache } from '@linkhub/shared/cache/refresh';
import { openGeo } from '../../shared/src/analytics/geo';

export const used = [
  createDb,
  createLocalArtifactStore,
  createLogger,
  visitorHash,
  renderPng,
  validateQrDesign,
  refreshCache,
  openGeo,
];

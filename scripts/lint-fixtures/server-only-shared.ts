// shared/src/server modules: they need Node or a server (PostgreSQL, Redis, sharp, pino, the file system):
// eight restricted imports in the PWA, allowed in the server-side services and desktop.
import { createDb } from '@linkhub/shared/server/db';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { visitorHash } from '@linkhub/shared/server/analytics/visitor-hash';
import { renderPng } from '@linkhub/shared/server/qr/render/png';
import { validateQrDesign } from '@linkhub/shared/server/qr/validate';
import { refreshCache } from '@linkhub/shared/server/cache/refresh';
import { openGeo } from '../../shared/src/server/analytics/geo';

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

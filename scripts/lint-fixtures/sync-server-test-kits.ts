// sync-server's own test kits, by relative path: two restricted imports in sync-server's production files.
import { createTestApp } from '../../sync-server/src/testing/app';
import { startV1Kit } from '../../sync-server/src/testing/v1-kit';

export const used = [createTestApp, startV1Kit];

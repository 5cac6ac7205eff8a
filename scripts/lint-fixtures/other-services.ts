// What edge/src/permanence/ imported before it moved to e2e/: three services' source.
// In one service's folder the other two are restricted; in e2e/ and bench/ all three are allowed.
import { createApp } from '../../sync-server/src/app';
import { cacheRefresh } from '../../worker/src/processors/cache-refresh';
import { createEdgeApp } from '../../edge/src/app';

export const used = [createApp, cacheRefresh, createEdgeApp];

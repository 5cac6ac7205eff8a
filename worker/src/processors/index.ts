import type { ProcessorRegistry } from './processor';
import { analyticsRollup } from './analytics-rollup';
import { artifactSweep } from './qr-render-sweep';
import { analyticsMaintenance } from './analytics-maintenance';
import { cacheRefresh } from './cache-refresh';
import { domainCertificate } from './domain-certificate';
import { domainUpkeep } from './domain-upkeep';
import { domainVerify } from './domain-verify';
import { experimentResults } from '../experiments/processor';
import { retention } from './retention';
import { exportJob } from './export';
import { leadCapture, leadExpiry } from './lead-capture';
import { webhookDeliver } from './webhook-deliver';
import { webhookSweep } from '../webhooks/sweep';
import { webhookBatch } from '../webhooks/traffic/flush';
import { qrRender } from './qr-render';
import { syncGc } from './sync-gc';
import { linkClickFlush } from './link-click-flush';
import { analyticsReport } from '../reports/processor';
import { linkPreviewFetch } from './link-preview-fetch';
import { embedThumbnail } from '../embeds/embed-thumbnail';

export type { Processor, ProcessorRegistry } from './processor';

/**
 * The processor of each queue (one file per job type in this folder). A queue without a
 * processor is not consumed by this worker; add `'qr-render': renderQr` here when it exists.
 */
export const PROCESSORS: ProcessorRegistry = {
  'qr-render': qrRender,
  'artifact-sweep': artifactSweep,
  'analytics-rollup': analyticsRollup,
  'analytics-maintenance': analyticsMaintenance,
  retention,
  export: exportJob,
  'sync-gc': syncGc,
  'link-click-flush': linkClickFlush,
  'cache-refresh': cacheRefresh,
  'domain-verify': domainVerify,
  'experiment-results': experimentResults,
  'domain-certificate': domainCertificate,
  'domain-upkeep': domainUpkeep,
  'lead-capture': leadCapture,
  'lead-expiry': leadExpiry,
  'webhook-deliver': webhookDeliver,
  'webhook-sweep': webhookSweep,
  'webhook-batch': webhookBatch,
  'analytics-report': analyticsReport,
  'link-preview-fetch': linkPreviewFetch,
  'embed-thumbnail': embedThumbnail,
};

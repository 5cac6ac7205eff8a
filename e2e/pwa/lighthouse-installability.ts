import { launch } from 'chrome-launcher';
import lighthouse, { Audit, Gatherer } from 'lighthouse';
import type * as LH from 'lighthouse/types/lh.js';
import { z } from 'zod';
import { CHROMIUM, CHROMIUM_ARGS } from './harness';

/**
 * Lighthouse 12 dropped the PWA category together with its `InstallabilityErrors` and
 * `WebAppManifest` gatherers and the `installable-manifest` / `service-worker` audits (none of them
 * ships in 12.2.3's `core/`). What remains is its gather pipeline, which takes custom gatherers: this
 * one asks Chromium the question those gatherers asked (`Page.getInstallabilityErrors`,
 * `Page.getAppManifest`) during a real Lighthouse navigation, after waiting for the service worker.
 */
export const installabilityArtifactSchema = z.object({
  installabilityErrors: z.array(
    z.object({
      errorId: z.string(),
      errorArguments: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
  manifestUrl: z.string(),
  manifestErrors: z.array(z.object({ message: z.string(), critical: z.number() })),
  manifestData: z.string().nullable(),
  serviceWorker: z.object({
    state: z.string().nullable(),
    controls: z.boolean(),
    scope: z.string().nullable(),
  }),
});
export type InstallabilityArtifact = z.infer<typeof installabilityArtifactSchema>;

declare module 'lighthouse/types/artifacts.js' {
  interface GathererArtifacts {
    /** JSON of an InstallabilityArtifact. */
    LinkHubInstallability: string;
  }
}

function parseArtifact(raw: string): InstallabilityArtifact {
  return installabilityArtifactSchema.parse(JSON.parse(raw));
}

class InstallabilityGatherer extends Gatherer {
  override meta: LH.Gatherer.GathererMeta = { supportedModes: ['navigation'] };

  // Lighthouse types a phase result as one of its own artifact types; a JSON string is one of them.
  override async getArtifact(context: LH.Gatherer.Context): Promise<string> {
    const serviceWorker = await context.page.evaluate(async () => {
      const registration = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
      ]);
      if (registration && !navigator.serviceWorker.controller) {
        await Promise.race([
          new Promise<void>((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
          ),
          new Promise<void>((resolve) => setTimeout(resolve, 10_000)),
        ]);
      }
      return {
        state: registration?.active?.state ?? null,
        controls: navigator.serviceWorker.controller !== null,
        scope: registration?.scope ?? null,
      };
    });
    const session = context.driver.defaultSession;
    const { installabilityErrors } = await session.sendCommand('Page.getInstallabilityErrors');
    const manifest = await session.sendCommand('Page.getAppManifest', {});
    return JSON.stringify({
      installabilityErrors,
      manifestUrl: manifest.url,
      manifestErrors: manifest.errors.map((e) => ({ message: e.message, critical: e.critical })),
      manifestData: manifest.data ?? null,
      serviceWorker,
    });
  }
}

/** The audit the PWA category used to run: no installability error, and a service worker in control. */
class InstallableAudit extends Audit {
  static override get meta(): LH.Audit.Meta {
    return {
      id: 'linkhub-installable',
      title: 'Chromium reports the app as installable and a service worker controls the page',
      failureTitle: 'Chromium reports installability errors, or no service worker controls the page',
      description:
        'Page.getInstallabilityErrors is empty, the manifest parses without errors, and navigator.serviceWorker.controller is set.',
      requiredArtifacts: ['LinkHubInstallability'],
    };
  }

  static override audit(artifacts: LH.Artifacts): LH.Audit.Product {
    const found = parseArtifact(artifacts.LinkHubInstallability);
    const problems = [
      ...found.installabilityErrors.map((e) => e.errorId),
      ...found.manifestErrors.map((e) => `manifest: ${e.message}`),
      ...(found.serviceWorker.controls ? [] : ['no service worker controls the page']),
    ];
    return {
      score: problems.length === 0 ? 1 : 0,
      ...(problems.length > 0 ? { explanation: problems.join('; ') } : {}),
    };
  }
}

/** Runs Lighthouse 12.2.3 (its own Chromium via chrome-launcher, Debian's binary) with the gatherer above. */
export async function runLighthouseInstallability(url: string): Promise<{
  lighthouseVersion: string;
  artifact: InstallabilityArtifact;
  installableScore: number | null;
  installableExplanation: string | null;
  viewportScore: number | null;
}> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const config: LH.Config = {
      settings: {
        formFactor: 'desktop',
        screenEmulation: { disabled: true },
        throttlingMethod: 'provided',
        maxWaitForLoad: 30_000,
      },
      artifacts: [
        { id: 'LinkHubInstallability', gatherer: { implementation: InstallabilityGatherer } },
        { id: 'MetaElements', gatherer: 'meta-elements' },
      ],
      audits: ['viewport', { implementation: InstallableAudit }],
    };
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
    if (!result) throw new Error('lighthouse returned no result');
    const raw: unknown = result.artifacts.LinkHubInstallability;
    if (typeof raw !== 'string')
      throw new Error(`the installability gatherer failed: ${JSON.stringify(raw)}`);
    return {
      lighthouseVersion: result.lhr.lighthouseVersion,
      artifact: parseArtifact(raw),
      installableScore: result.lhr.audits['linkhub-installable']?.score ?? null,
      installableExplanation: result.lhr.audits['linkhub-installable']?.explanation ?? null,
      viewportScore: result.lhr.audits.viewport?.score ?? null,
    };
  } finally {
    chrome.kill();
  }
}

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startPwaHarness, type PwaHarness } from './harness';
import { runLighthouseInstallability } from './lighthouse-installability';

/**
 * The built PWA, served by the sync-server, is installable as Lighthouse 12.2.3 drives
 * Chromium to check it (see lighthouse-installability.ts for what 12.x still has), the service
 * worker controls the page, and the manifest carries what an install needs.
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const manifestSchema = z.object({
  name: z.string().min(1),
  short_name: z.string().min(1),
  start_url: z.string(),
  display: z.literal('standalone'),
  icons: z.array(
    z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() }),
  ),
});

describe('installability', () => {
  it('has no installability error in a Lighthouse 12.2.3 run, a controlling service worker and a complete manifest', async () => {
    const { lighthouseVersion, artifact, installableScore, installableExplanation, viewportScore } =
      await runLighthouseInstallability(`${h.base}/`);
    expect(lighthouseVersion).toBe('12.2.3');
    expect(installableExplanation).toBeNull();
    expect(installableScore).toBe(1);
    expect(artifact.installabilityErrors).toEqual([]);
    expect(artifact.manifestErrors).toEqual([]);
    expect(artifact.serviceWorker).toEqual({ state: 'activated', controls: true, scope: `${h.base}/` });
    expect(viewportScore).toBe(1);

    expect(artifact.manifestUrl).toBe(`${h.base}/manifest.webmanifest`);
    const manifest = manifestSchema.parse(JSON.parse(artifact.manifestData ?? '{}'));
    expect(manifest.start_url).toBe('/');
    // Each size the manifest declares is the real size of the PNG the server sends.
    const declared = new Set<string>();
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, `${h.base}/`));
      expect(response.status).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      if ((icon.purpose ?? 'any').split(' ').includes('any')) declared.add(icon.sizes);
    }
    expect([...declared]).toEqual(expect.arrayContaining(['192x192', '512x512']));
  }, 120_000);

  it('fails the same audit on a page of the server that has no manifest (the check can fail)', async () => {
    const { installableScore, installableExplanation, artifact } = await runLighthouseInstallability(
      `${h.base}/v1/docs`,
    );
    expect(installableScore).toBe(0);
    expect(artifact.manifestUrl).toBe('');
    expect(artifact.installabilityErrors.map((e) => e.errorId)).toContain('no-manifest');
    expect(installableExplanation).toContain('no-manifest');
  }, 120_000);
});

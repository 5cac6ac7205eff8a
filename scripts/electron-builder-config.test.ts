import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Validate = (config: unknown, logger: unknown) => Promise<void>;
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration: Validate;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
const yaml = require('js-yaml') as { load: (text: string) => unknown };

function load(): Record<string, unknown> {
  const config = yaml.load(readFileSync(`${ROOT}/electron-builder.yml`, 'utf8'));
  if (typeof config !== 'object' || config === null) throw new Error('electron-builder.yml is not a mapping');
  return { ...config };
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own schema", async () => {
    await expect(validateConfiguration(load(), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('the schema check would catch a misspelt option', async () => {
    await expect(validateConfiguration({ ...load(), appID: 'x' }, new DebugLogger(false))).rejects.toThrow(
      /appID/,
    );
  });

  it('builds every platform target the design names, from the desktop build (which carries the PWA build)', () => {
    const config = load();
    expect(config).toMatchObject({
      appId: 'app.linkhub.desktop',
      productName: 'LinkHub',
      directories: { app: 'desktop', output: 'release', buildResources: 'desktop/build' },
      mac: { hardenedRuntime: true, entitlements: 'desktop/build/entitlements.mac.plist' },
      win: { target: [{ target: 'nsis' }] },
      linux: { target: ['AppImage', 'deb'], category: 'Office', icon: 'desktop/build/icons' },
    });
    // desktop/dist holds main, preload and renderer/ (the PWA build, copied by `npm run build -w desktop`).
    expect(config.files).toContainEqual(expect.objectContaining({ from: 'dist', to: 'dist' }));
    expect((config.mac as { target: Array<{ target: string }> }).target[0]?.target).toBe('dmg');
    // main is bundled: electron (an optional dependency, so installs survive a failed binary download)
    // and its dependency tree must stay out of the asar.
    expect(config.files).toContain('!node_modules/**');
  });
});

import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';

export type BundleOptions = {
  /** desktop/ */
  desktopDir: string;
  /** Where main.js, preload.cjs, icons/ and renderer/ go (desktop/dist). */
  outDir: string;
  /** The sync server a packaged app talks to unless LINKHUB_SYNC_URL is set at run time. */
  syncUrl: string;
  minify: boolean;
};

/** Electron 39 ships Node 22 and Chromium 142. */
const NODE_TARGET = 'node22';
const CHROME_TARGET = 'chrome142';

/**
 * Main (ESM, Node) and preload (CommonJS: a sandboxed preload cannot be an ES module, and may
 * require only `electron`) bundled with everything they import but Electron itself, so the packaged
 * app needs no node_modules.
 */
export async function bundleDesktop(options: BundleOptions): Promise<{ main: Metafile; preload: Metafile }> {
  await rm(options.outDir, { recursive: true, force: true });
  await mkdir(options.outDir, { recursive: true });
  const common: BuildOptions = {
    bundle: true,
    external: ['electron'],
    sourcemap: true,
    minify: options.minify,
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  };
  const main = await build({
    ...common,
    entryPoints: [path.join(options.desktopDir, 'src/main.ts')],
    outfile: path.join(options.outDir, 'main.js'),
    platform: 'node',
    format: 'esm',
    target: NODE_TARGET,
    define: { LINKHUB_BUILD_SYNC_URL: JSON.stringify(options.syncUrl) },
    // Bundled CommonJS dependencies may call require(); give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  const preload = await build({
    ...common,
    entryPoints: [path.join(options.desktopDir, 'src/preload.ts')],
    outfile: path.join(options.outDir, 'preload.cjs'),
    platform: 'browser',
    format: 'cjs',
    target: CHROME_TARGET,
  });
  await cp(path.join(options.desktopDir, 'build/icons'), path.join(options.outDir, 'icons'), {
    recursive: true,
  });
  if (main.metafile === undefined || preload.metafile === undefined)
    throw new Error('esbuild returned no metafile');
  return { main: main.metafile, preload: preload.metafile };
}

/** Copy the PWA build into the app: the renderer the app:// protocol serves. */
export async function copyRenderer(pwaDist: string, outDir: string): Promise<void> {
  const target = path.join(outDir, 'renderer');
  await rm(target, { recursive: true, force: true });
  await cp(pwaDist, target, { recursive: true });
}

/** Modules a bundle still imports at run time (everything else is inside it). */
export function runtimeImports(metafile: Metafile): string[] {
  const imports = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const entry of output.imports) if (entry.external) imports.add(entry.path);
  }
  return [...imports].sort();
}

import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { BUILD_TARGETS, type BuildTarget } from './entries';

/** Our own workspaces are TypeScript sources (their `exports` name `.ts` files): they are compiled into each bundle. */
const OWN_PACKAGE = /^@linkhub\//;

/**
 * Every other bare import (`hono`, `pg`, `sharp`, `node:fs` …) stays an `import` of the installed
 * package: native addons, BullMQ's Lua files and the GeoIP database are read from node_modules at
 * run time as they are under tsx.
 */
const installedPackagesStayExternal: Plugin = {
  name: 'installed-packages-stay-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (OWN_PACKAGE.test(args.path) || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export type BuiltFile = { readonly out: string; readonly bytes: number };

/**
 * Each output lands by rename, never half-written: tests build before they start the compiled
 * services, and two test files may build at once while a third is starting a service.
 */
async function writeAtomically(file: string, contents: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

/** Compiles one target's entry points to ES modules for Node 20 (one file each, with a source map beside it). */
export async function buildTarget(root: string, target: BuildTarget): Promise<BuiltFile[]> {
  const built: BuiltFile[] = [];
  for (const entry of BUILD_TARGETS[target]) {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [entry.source],
      outfile: entry.out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      // Readable stack traces and class names in production logs matter more than a few kilobytes.
      minify: false,
      keepNames: true,
      metafile: true,
      write: false,
      logLevel: 'warning',
      legalComments: 'none',
      plugins: [installedPackagesStayExternal],
    });
    for (const file of result.outputFiles) await writeAtomically(file.path, file.contents);
    const output = result.metafile.outputs[entry.out];
    built.push({ out: entry.out, bytes: output?.bytes ?? 0 });
  }
  return built;
}

import { existsSync, readdirSync, statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import layerFile from '../sync-server/layers.json';

/** One layer of sync-server/src: its folders, relative to src ("." is src itself, "x/*" any folder right under x). */
export type Layer = { readonly name: string; readonly folders: readonly string[] };

export const SYNC_SERVER_LAYERS: readonly Layer[] = layerFile.layers;

/** Tests and the test kits under a `testing/` folder import across layers freely: they are not part of the graph. */
function isTestSupport(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.split('/').includes('testing');
}

function sourceFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = dir === '' ? name : `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return sourceFiles(root, rel);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [rel] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')];
  return (
    candidates.find(
      (c) => !c.startsWith('..') && existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile(),
    ) ?? null
  );
}

function folderOf(file: string): string {
  const dir = path.posix.dirname(file);
  return dir === '' ? '.' : dir;
}

function matches(folder: string, pattern: string): boolean {
  if (pattern.endsWith('/*')) {
    const parent = pattern.slice(0, -2);
    return folder.startsWith(`${parent}/`) && !folder.slice(parent.length + 1).includes('/');
  }
  return folder === pattern;
}

export type LayerReport = {
  /** Folders that import one another in a loop, each loop once. */
  readonly loops: string[][];
  /** Imports from a lower layer into a higher one (a resource or a table among them). */
  readonly upward: string[];
  /** A resource importing another resource's file other than its index.ts. */
  readonly intoResource: string[];
  /** Folders no layer names. */
  readonly unplaced: string[];
};

/** The folder-level import graph of one `src` folder, held against its layers (type-only imports included). */
export function checkLayers(root: string, layers: readonly Layer[] = SYNC_SERVER_LAYERS): LayerReport {
  const rank = (folder: string): number => layers.findIndex((l) => l.folders.some((p) => matches(folder, p)));
  const edges = new Map<string, Set<string>>();
  const upward: string[] = [];
  const intoResource: string[] = [];
  const unplaced = new Set<string>();
  for (const file of sourceFiles(root).filter((f) => !isTestSupport(f))) {
    const from = folderOf(file);
    if (rank(from) < 0) unplaced.add(from);
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(root, file, fileName);
      if (target === null || isTestSupport(target)) continue;
      const to = folderOf(target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)?.add(to);
      const [fromRank, toRank] = [rank(from), rank(to)];
      if (fromRank < 0 || toRank < 0) continue;
      // Layers are listed top first: a smaller rank is a higher layer.
      if (toRank < fromRank) upward.push(`${file} -> ${target}`);
      else if (
        toRank === fromRank &&
        layers[toRank]?.name === 'resources' &&
        path.posix.basename(target) !== 'index.ts'
      )
        intoResource.push(`${file} -> ${target}`);
    }
  }
  return { loops: folderLoops(edges), upward, intoResource, unplaced: [...unplaced].sort() };
}

/** Strongly connected components of more than one folder (Tarjan). */
function folderLoops(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = checkLayers(path.resolve(process.argv[2] ?? 'sync-server/src'));
  console.log(JSON.stringify(report, null, 2));
}

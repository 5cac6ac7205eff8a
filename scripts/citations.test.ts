import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments, docs and test names cite the repo's own docs (ARCHITECTURE.md, docs/product-rules.md, a
 * D-NNN, a service README), never a document a clone does not contain: a section of the design or
 * of the product spec, an issue number, or the folder beside the repo. Relative imports of this
 * repo's own `shared/src/` are code, not citations.
 */
const OUTSIDE_CITATIONS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'a section of the design document', pattern: /DESIGN(\.md)? ?§/ },
  { what: 'a section of the product spec', pattern: /spec §/i },
  { what: 'an issue number', pattern: /\bissue #?\d+/i },
  { what: 'the folder beside the repo', pattern: /\.\.\/shared(?!\/src\/)/ },
  { what: 'a bare section number', pattern: /(?<!(?:RFC \d+|ISO\/IEC \d+) )§ ?\d/ },
];

/** This file names the patterns it looks for. */
const ALLOWED_FILES = new Set(['scripts/citations.test.ts']);

const repoRoot = path.resolve(import.meta.dirname, '..');

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed.split('\0').filter((file) => file !== '' && !ALLOWED_FILES.has(file));
}

function citationsIn(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(repoRoot, file), 'utf8');
  } catch {
    return []; // listed but not on disk (deleted in the work tree)
  }
  if (text.includes('\0')) return []; // binary
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { what, pattern } of OUTSIDE_CITATIONS) {
      if (pattern.test(line)) found.push(`${file}:${index + 1} cites ${what}: ${line.trim().slice(0, 120)}`);
    }
  });
  return found;
}

describe('citations', () => {
  it('no tracked file cites a document outside the repo, a spec section or an issue number', () => {
    const found = trackedTextFiles().flatMap(citationsIn);
    expect(found).toEqual([]);
  });

  it('recognises each kind of outside citation, and leaves the repo’s own references alone', () => {
    const cites = (line: string): boolean => OUTSIDE_CITATIONS.some(({ pattern }) => pattern.test(line));
    expect(cites('// the fallback chain (DESIGN §6)')).toBe(true);
    expect(cites('/** see DESIGN.md §1 */')).toBe(true);
    expect(cites('/** Spec §3.4.4 rule 2 */')).toBe(true);
    expect(cites("describe('CSV import (issue 23)', …)")).toBe(true);
    expect(cites('-- Issue #25: the stream key')).toBe(true);
    expect(cites('Read `../shared/DESIGN.md` first.')).toBe(true);
    expect(cites('owner-only (§3.3.4)')).toBe(true);
    expect(cites("import { migrate } from '../../shared/src/db/migrate';")).toBe(false);
    expect(cites('// Exactly one Host header (RFC 9112 §3.2)')).toBe(false);
    expect(cites('/** the fallback chain (docs/product-rules.md#qr-fallback-chain, D-146) */')).toBe(false);
  });
});

/** The repo docs that comments point into by heading (`docs/product-rules.md#permanence`). */
const POINTED_DOCS = ['ARCHITECTURE.md', 'docs/product-rules.md'] as const;

/** A heading's anchor as GitHub makes it: lower-case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

describe('pointers into the repo docs', () => {
  it('name a heading that exists', () => {
    const anchors = new Map(
      POINTED_DOCS.map((doc) => {
        const text = readFileSync(path.join(repoRoot, doc), 'utf8');
        return [doc, new Set([...text.matchAll(/^#+ (.+)$/gm)].map(([, heading = '']) => anchorOf(heading)))];
      }),
    );
    const broken = trackedTextFiles().flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(repoRoot, file), 'utf8');
      } catch {
        return [];
      }
      return [...text.matchAll(/(ARCHITECTURE\.md|product-rules\.md)#([a-z0-9-]+)/g)]
        .filter(([, doc = '', anchor = '']) => {
          const known = anchors.get(doc === 'ARCHITECTURE.md' ? 'ARCHITECTURE.md' : 'docs/product-rules.md');
          return known === undefined || !known.has(anchor);
        })
        .map(([pointer]) => `${file}: ${pointer}`);
    });
    expect(broken).toEqual([]);
  });
});

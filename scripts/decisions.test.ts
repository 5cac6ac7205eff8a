import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const DECISIONS = path.join(repoRoot, 'DECISIONS.md');
const DECISION_LOG = path.join(repoRoot, 'docs/decision-log.md');

/** DECISIONS.md holds the architectural decisions only, as short entries: it stays under this size. */
const DECISIONS_MAX_BYTES = 60_000;

/** A D-number with its title, from a `## D-NNN Title` heading or an index line `- D-NNN Title — status, area`. */
type Entry = { number: string; title: string };

function headings(text: string): Entry[] {
  return [...text.matchAll(/^## (D-\d{3,}) (.+)$/gm)].map(([, number = '', title = '']) => ({
    number,
    title,
  }));
}

/** The index lines of the section headed `heading`: `- D-NNN Title — status, area[ (in DECISIONS.md)]`. */
function indexLines(text: string, heading: string): Array<Entry & { inDecisions: boolean }> {
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no "${heading}" section`);
  const section = text.slice(start + heading.length + 2).split(/\n## /)[0] ?? '';
  return [...section.matchAll(/^- (D-\d{3,}) (.+) — [^—\n]+$/gm)].map(
    ([line = '', number = '', title = '']) => ({
      number,
      title,
      inDecisions: line.endsWith(' (in DECISIONS.md)'),
    }),
  );
}

const byNumber = (entries: Entry[]): string[] =>
  entries.map(({ number, title }) => `${number} ${title}`).sort();

describe('DECISIONS.md', () => {
  const text = readFileSync(DECISIONS, 'utf8');

  it(`stays under ${DECISIONS_MAX_BYTES} bytes`, () => {
    expect(statSync(DECISIONS).size).toBeLessThanOrEqual(DECISIONS_MAX_BYTES);
  });

  it('indexes every entry it holds, under the entry’s own title, and nothing else', () => {
    const index = indexLines(text, '## Index');
    expect(byNumber(index)).toEqual(byNumber(headings(text)));
  });

  it('holds each number once', () => {
    const numbers = headings(text).map(({ number }) => number);
    expect(numbers.length).toBe(new Set(numbers).size);
  });
});

describe('docs/decision-log.md', () => {
  const log = readFileSync(DECISION_LOG, 'utf8');
  const decisions = readFileSync(DECISIONS, 'utf8');
  const index = indexLines(log, '## Index of every number (here and in DECISIONS.md)');

  it('indexes every entry it holds, under the entry’s own title', () => {
    expect(byNumber(index.filter((line) => !line.inDecisions))).toEqual(byNumber(headings(log)));
  });

  it('marks as kept in DECISIONS.md only numbers that are there', () => {
    // A new entry in DECISIONS.md needs no line here: its own index is the one that must be complete.
    const inDecisions = new Set(headings(decisions).map(({ number }) => number));
    expect(index.filter((line) => line.inDecisions && !inDecisions.has(line.number))).toEqual([]);
  });

  it('shares no number with DECISIONS.md', () => {
    const inDecisions = new Set(headings(decisions).map(({ number }) => number));
    expect(headings(log).filter(({ number }) => inDecisions.has(number))).toEqual([]);
  });
});

describe('D-NNN citations', () => {
  it('name an entry of DECISIONS.md or docs/decision-log.md, wherever a tracked file cites one', () => {
    const entries = new Set(
      [DECISIONS, DECISION_LOG].flatMap((file) =>
        headings(readFileSync(file, 'utf8')).map(({ number }) => number),
      ),
    );
    // git grep -o prints `path:D-NNN` for every citation in a tracked text file.
    const cited = execFileSync(
      'git',
      ['grep', '-I', '-o', '-E', '\\bD-[0-9]{3}\\b', '--', '.', ':!package-lock.json'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    )
      .split('\n')
      .filter((line) => line !== '');
    expect(cited.filter((line) => !entries.has(line.slice(line.lastIndexOf(':') + 1)))).toEqual([]);
  });
});

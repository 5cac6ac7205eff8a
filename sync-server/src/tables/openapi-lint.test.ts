import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_TAGS, buildOpenApiDocument } from './openapi-document';

/**
 * The generated `/v1/openapi.json` lints clean under @redocly/cli's built-in `recommended` rules
 * (no configuration file: nothing is switched off), errors and warnings alike (D-628).
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const REDOCLY = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

const problemSchema = z.object({ ruleId: z.string(), severity: z.string(), message: z.string() });
const reportSchema = z.object({
  totals: z.object({ errors: z.number(), warnings: z.number() }),
  problems: z.array(problemSchema),
});

let dir: string;
/** As a deployment serves it (PUBLIC_SYNC_URL); a local server's `localhost` is the one warning left (below). */
const document = buildOpenApiDocument('https://app.linkhub.io');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkhub-redocly-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lint(doc: unknown): Promise<z.infer<typeof reportSchema>> {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(doc));
  // redocly exits 1 when it finds errors; its JSON report is on stdout either way.
  const stdout = await run(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
    cwd: dir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 32 * 1024 * 1024,
  }).then(
    (done) => done.stdout,
    (err: unknown) => z.object({ stdout: z.string() }).parse(err).stdout,
  );
  return reportSchema.parse(JSON.parse(stdout));
}

describe('redocly lint (recommended)', () => {
  it('finds no error and no warning in the generated document', async () => {
    const report = await lint(document);
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("warns only about the server URL when it is a local server's", async () => {
    const report = await lint(buildOpenApiDocument('http://localhost:8080'));
    expect(report.problems.map((p) => p.ruleId)).toEqual(['no-server-example.com']);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it('would report a problem it is meant to catch (the check is live)', async () => {
    const { info: _info, ...withoutInfo } = document;
    const report = await lint(withoutInfo);
    expect(report.totals.errors).toBeGreaterThan(0);
  }, 60_000);

  it('declares and describes every tag an operation uses', () => {
    const paths = z
      .record(z.string(), z.record(z.string(), z.object({ tags: z.array(z.string()) }).loose()))
      .parse(document.paths);
    const used = new Set(
      Object.values(paths).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags)),
    );
    const declared = new Set(API_TAGS.map((tag) => tag.name));
    expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
  });
});

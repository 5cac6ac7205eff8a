import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A wrk Lua script for a random-slug scan: `/{prefix}{n}` with n uniform in 1..space, as a scanner
 * enumerating a sequential namespace does (with `space` above the slugs seeded, most cannot exist).
 */
export function randomSlugScript(host: string, prefix: string, space: number, seed: number): string {
  const file = path.join(tmpdir(), `linkhub-bench-visit-${process.pid}-scan-${seed}.lua`);
  writeFileSync(
    file,
    `wrk.headers["Host"] = "${host}"\nmath.randomseed(${seed})\nrequest = function()\n  return wrk.format("GET", "/${prefix}" .. math.random(1, ${space}))\nend\n`,
  );
  return file;
}

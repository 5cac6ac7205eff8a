/**
 * The operator CLI: `npm run linkhub -- qr export <id|slug> --format pdf --size 30mm --out file.pdf`
 * (or `npx tsx scripts/linkhub.ts …`) talks to the REST API with an API key (LINKHUB_API_KEY);
 * `npm run linkhub -- plan list|set …` sets plans straight in the database (D-511).
 */
import pg from 'pg';
import { qrExport, QR_EXPORT_USAGE } from './cli/qr-export';
import { planCommand, PLAN_USAGE } from './cli/plan';
import { readDemoFile } from './lib/demo-file';

const [group, command, ...rest] = process.argv.slice(2);
const io = {
  fetch: (url: string, init: { headers: Record<string, string> }) => fetch(url, init),
  env: process.env,
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};
if (group === 'qr' && command === 'export') {
  process.exitCode = await qrExport(rest, io);
} else if (group === 'plan') {
  const url = process.env.DATABASE_URL ?? readDemoFile()?.database_url;
  if (url === undefined) {
    io.err(
      `no database: set DATABASE_URL (or run \`npm start\` once, which writes .linkhub/demo.json)\n${PLAN_USAGE}`,
    );
    process.exitCode = 2;
  } else {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      process.exitCode = await planCommand(
        [command ?? '', ...rest].filter((a) => a !== ''),
        { pool, ...io },
      );
    } finally {
      await pool.end();
    }
  }
} else {
  io.err(
    `unknown command: ${[group, command].filter(Boolean).join(' ') || '(none)'}\n${QR_EXPORT_USAGE}\n${PLAN_USAGE}`,
  );
  process.exitCode = 2;
}

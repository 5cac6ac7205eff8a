/**
 * `npm run linkhub -- …` from the repository: the `linkhub` CLI (cli/, on the REST API with an API key:
 * `npm run linkhub -- qr export <id|slug> --format pdf --size 30mm`), plus the operator's
 * `plan list|set …`, which sets plans straight in the database (D-511).
 */
import pg from 'pg';
import { runCli } from '@linkhub/cli/src/main';
import { nodeIo } from '@linkhub/cli/src/node-io';
import { planCommand } from './cli/plan';
import { readDemoFile } from './lib/demo-file';

const [group, ...rest] = process.argv.slice(2);
if (group === 'plan') {
  const url = process.env.DATABASE_URL ?? readDemoFile()?.database_url;
  if (url === undefined) {
    nodeIo.err('no database: set DATABASE_URL (or run `npm start` once, which writes .linkhub/demo.json)');
    process.exitCode = 2;
  } else {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      process.exitCode = await planCommand(rest, { pool, out: nodeIo.out, err: nodeIo.err });
    } finally {
      await pool.end();
    }
  }
} else {
  process.exitCode = await runCli(process.argv.slice(2), nodeIo);
}

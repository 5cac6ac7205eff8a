/**
 * The operator CLI: `npm run linkhub -- qr export <id|slug> --format pdf --size 30mm --out file.pdf`
 * (or `npx tsx scripts/linkhub.ts …`). Talks to the REST API with an API key (LINKHUB_API_KEY).
 */
import { qrExport, QR_EXPORT_USAGE } from './cli/qr-export';

const [group, command, ...rest] = process.argv.slice(2);
const io = {
  fetch: (url: string, init: { headers: Record<string, string> }) => fetch(url, init),
  env: process.env,
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};
if (group === 'qr' && command === 'export') {
  process.exitCode = await qrExport(rest, io);
} else {
  io.err(`unknown command: ${[group, command].filter(Boolean).join(' ') || '(none)'}\n${QR_EXPORT_USAGE}`);
  process.exitCode = 2;
}

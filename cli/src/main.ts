import { LinkHubApiError } from '@linkhub/sdk';
import { ANALYTICS_USAGE, analyticsCommand } from './commands/analytics';
import { IMPORT_USAGE, importCommand } from './commands/import';
import { LINKS_USAGE, linksCommand } from './commands/links';
import { PAGES_USAGE, pagesCommand } from './commands/pages';
import { QR_USAGE, qrCommand } from './commands/qr';
import { CliError, UsageError, type CliIo } from './io';

export const USAGE = `usage:
${[LINKS_USAGE, QR_USAGE, PAGES_USAGE, ANALYTICS_USAGE, IMPORT_USAGE].join('\n')}

every command: [--json] [--url https://…] [--api-key lh_…] [--config file]
environment:   LINKHUB_URL (default http://localhost:8080), LINKHUB_API_KEY,
               LINKHUB_CONFIG (default ~/.config/linkhub/config.json: {"url": …, "api_key": …})`;

const COMMANDS: Record<string, (argv: readonly string[], io: CliIo) => Promise<number>> = {
  links: linksCommand,
  qr: qrCommand,
  pages: pagesCommand,
  analytics: analyticsCommand,
  import: importCommand,
};

function describeApiError(error: LinkHubApiError): string {
  const lines = [`linkhub: ${error.code}: ${error.message}`];
  for (const detail of error.details) lines.push(`  - ${detail.field}: ${detail.issue}`);
  if (error.requestId !== null) lines.push(`  (request ${error.requestId})`);
  return lines.join('\n');
}

/** A fetch that never reached the server (refused, DNS, TLS). */
const unreachable = (error: unknown): error is TypeError =>
  error instanceof TypeError && error.message === 'fetch failed';

/** Runs one command line; returns the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [group, ...rest] = argv;
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    (group === undefined ? io.err : io.out)(USAGE);
    return group === undefined ? 2 : 0;
  }
  try {
    const command = COMMANDS[group];
    if (command === undefined) throw new UsageError(`unknown command: ${group}`);
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`linkhub: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CliError) {
      io.err(`linkhub: ${error.message}`);
      return 1;
    }
    if (error instanceof LinkHubApiError) {
      io.err(describeApiError(error));
      return 1;
    }
    if (unreachable(error)) {
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      io.err(`linkhub: could not reach the server${cause}`);
      return 1;
    }
    throw error;
  }
}

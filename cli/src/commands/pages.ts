import { dataOf, paginate, type components, type LinkHubClient } from '@linkhub/sdk';
import { connect, parseCommand, required } from '../context';
import { CliError, UsageError, type CliIo } from '../io';
import { printRecord, printRows } from '../output';

type Page = components['schemas']['Page'];

export const PAGES_USAGE = `linkhub pages list
linkhub pages publish <id|handle>`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function allPages(lh: LinkHubClient): Promise<Page[]> {
  const pages: Page[] = [];
  const list = paginate((cursor) =>
    dataOf(lh.GET('/v1/pages', { params: { query: { cursor, limit: 100 } } })),
  );
  for await (const page of list) pages.push(page);
  return pages;
}

/** `linkhub pages …`; returns the exit code. */
export async function pagesCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [verb = '', ...rest] = argv;
  const { values, positionals } = parseCommand(rest, {});
  if (values.help) {
    io.out(PAGES_USAGE);
    return 0;
  }
  const lh = await connect(values, io);
  switch (verb) {
    case 'list': {
      const pages = await allPages(lh);
      printRows(
        io,
        values.json,
        pages,
        ['ID', 'HANDLE', 'STATUS', 'UNPUBLISHED CHANGES', 'URL'],
        pages.map((page) => [
          page.id,
          page.handle,
          page.status,
          page.has_unpublished_changes ? 'yes' : 'no',
          page.url,
        ]),
      );
      return 0;
    }
    case 'publish': {
      const target = required(positionals, 0, 'id|handle');
      let id = target;
      if (!UUID.test(target)) {
        const page = (await allPages(lh)).find((p) => p.handle.toLowerCase() === target.toLowerCase());
        if (page === undefined) throw new CliError(`no page with the handle ${target} in this workspace`);
        id = page.id;
      }
      const { data } = await dataOf(lh.POST('/v1/pages/{id}/publish', { params: { path: { id } } }));
      printRecord(io, values.json, data, [
        ['id', data.id],
        ['url', data.url],
        ['status', data.status],
        ['published at', data.published_at ?? ''],
      ]);
      return 0;
    }
    default:
      throw new UsageError(verb === '' ? 'missing pages command' : `unknown pages command: ${verb}`);
  }
}

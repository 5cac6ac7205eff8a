import { dataOf, paginate, type components } from '@linkhub/sdk';
import { connect, integerFlag, parseCommand, required } from '../context';
import { UsageError, type CliIo } from '../io';
import { printRecord, printRows } from '../output';

type Link = components['schemas']['Link'];

export const LINKS_USAGE = `linkhub links list [--q text] [--tag tag] [--status active|paused|…] [--limit 25] [--all]
linkhub links get <id>
linkhub links create <destination url> [--slug s] [--domain host] [--title t] [--tag t]…
linkhub links update <id> [--destination url] [--title t] [--tag t]…
linkhub links archive <id>`;

const STATUSES = ['draft', 'active', 'paused', 'scheduled', 'expired', 'archived'] as const;

const linkRow = (link: Link): string[] => [
  link.id,
  link.short_url,
  link.status,
  link.title ?? '',
  link.destination_url,
];

function printLink(io: CliIo, json: boolean, link: Link): void {
  printRecord(io, json, link, [
    ['id', link.id],
    ['short url', link.short_url],
    ['destination', link.destination_url],
    ['title', link.title ?? ''],
    ['status', link.status],
    ['tags', link.tags.join(', ')],
  ]);
}

/** `linkhub links …`; returns the exit code. */
export async function linksCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [verb = '', ...rest] = argv;
  const { values, positionals } = parseCommand(rest, {
    q: { type: 'string' },
    tag: { type: 'string', multiple: true },
    status: { type: 'string' },
    limit: { type: 'string' },
    all: { type: 'boolean', default: false },
    slug: { type: 'string' },
    domain: { type: 'string' },
    title: { type: 'string' },
    destination: { type: 'string' },
  });
  if (values.help) {
    io.out(LINKS_USAGE);
    return 0;
  }
  const lh = await connect(values, io);
  const json = values.json;
  switch (verb) {
    case 'list': {
      const status = STATUSES.find((s) => s === values.status);
      if (values.status !== undefined && status === undefined)
        throw new UsageError(`--status is one of ${STATUSES.join(', ')}`);
      const limit = integerFlag(values.limit, 'limit', 1, 100) ?? 25;
      const query = { q: values.q, tag: values.tag?.[0], status };
      const page = (cursor: string | undefined) =>
        dataOf(lh.GET('/v1/links', { params: { query: { ...query, cursor, limit } } }));
      const links: Link[] = [];
      if (values.all) for await (const link of paginate(page)) links.push(link);
      else links.push(...(await page(undefined)).data);
      printRows(io, json, links, ['ID', 'SHORT URL', 'STATUS', 'TITLE', 'DESTINATION'], links.map(linkRow));
      return 0;
    }
    case 'get': {
      const id = required(positionals, 0, 'id');
      const { data } = await dataOf(lh.GET('/v1/links/{id}', { params: { path: { id } } }));
      printLink(io, json, data);
      return 0;
    }
    case 'create': {
      const destination = required(positionals, 0, 'destination url');
      const { data } = await dataOf(
        lh.POST('/v1/links', {
          body: {
            destination_url: destination,
            slug: values.slug,
            domain: values.domain,
            title: values.title,
            tags: values.tag,
          },
        }),
      );
      printLink(io, json, data);
      return 0;
    }
    case 'update': {
      const id = required(positionals, 0, 'id');
      const body = { destination_url: values.destination, title: values.title, tags: values.tag };
      if (Object.values(body).every((value) => value === undefined))
        throw new UsageError('nothing to change: pass --destination, --title or --tag');
      const { data } = await dataOf(lh.PATCH('/v1/links/{id}', { params: { path: { id } }, body }));
      printLink(io, json, data);
      return 0;
    }
    case 'archive': {
      const id = required(positionals, 0, 'id');
      const { data } = await dataOf(lh.DELETE('/v1/links/{id}', { params: { path: { id } } }));
      printLink(io, json, data);
      return 0;
    }
    default:
      throw new UsageError(verb === '' ? 'missing links command' : `unknown links command: ${verb}`);
  }
}

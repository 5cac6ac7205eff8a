import {
  importMetaSchema,
  importRequestSchema,
  importRowResultSchema,
  MAX_IMPORT_BYTES,
} from '@linkhub/shared/imports/api';
import { MAX_IMPORT_ROWS } from '@linkhub/shared/imports/parse-export';
import { IMPORT_SOURCES } from '@linkhub/shared/imports/sources';
import type { Operation } from '../../http/operation';

/** /v1/imports: links from another product's export. */
export const IMPORT_OPERATIONS: readonly Operation[] = [
  {
    operationId: 'importLinks',
    method: 'post',
    path: '/v1/imports',
    resource: 'imports',
    summary: `Import links from an export of ${Object.values(IMPORT_SOURCES).join(', ')} (their API's JSON or their dashboard's CSV, as text in \`content\`, up to ${MAX_IMPORT_BYTES / 1024 / 1024} MiB and ${MAX_IMPORT_ROWS} links). Each row keeps its slug, on the workspace's own domain when the export names it, else on \`domain\` (default: the system link host), with its title, tags, expiry and, as imported history, its click total. \`dry_run\` creates nothing and answers what would happen. A re-run reports rows already imported as unchanged; a taken address is a conflict; each row's result is in \`data\`, in file order. With a session, workspace_id is required`,
    scope: 'links:write',
    status: 200,
    body: importRequestSchema,
    response: importRowResultSchema.array(),
    meta: importMetaSchema,
    component: 'ImportResults',
    session: true,
    example: {
      source: 'yourls',
      content:
        'keyword,url,title,timestamp,clicks\nblog,https://blog.example.net/,The blog,2023-02-11 14:30:00,1523\n',
      dry_run: true,
    },
    errors: [404],
  },
];

import { z } from 'zod';

/** The products whose exports LinkHub imports, with the name people know them by. */
export const IMPORT_SOURCES = {
  bitly: 'Bitly',
  dub: 'Dub',
  rebrandly: 'Rebrandly',
  shlink: 'Shlink',
  kutt: 'Kutt',
  yourls: 'YOURLS',
} as const;

export type ImportSource = keyof typeof IMPORT_SOURCES;

export const importSourceSchema = z.enum(Object.keys(IMPORT_SOURCES) as [ImportSource, ...ImportSource[]]);

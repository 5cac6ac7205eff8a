/** One link read from a peer's export, before it meets a workspace: what every source maps to. */
export type ImportedLink = {
  /** The slug as the peer had it (case kept: LinkHub slugs are lower-case, the importer decides). */
  slug: string;
  /** The short link's host at the peer (`bit.ly`, the customer's own `go.acme.com`), when the export names it. */
  sourceHost: string | null;
  destinationUrl: string;
  title: string | null;
  tags: string[];
  createdAt: string | null;
  expiresAt: string | null;
  /** All-time clicks the peer counted, when its export has them (kept as imported history). */
  clicks: number | null;
};

/** A row of the file (1-based, as a spreadsheet numbers it): the link, or why it cannot be read. */
export type ImportedRow = { row: number; link: ImportedLink } | { row: number; problem: string };

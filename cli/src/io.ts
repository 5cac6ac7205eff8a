/** What the CLI touches outside itself, so a test can run it in process against a real server. */
export type CliIo = {
  /** Sends one HTTP request (the SDK's transport). */
  readonly fetch: (request: Request) => Promise<Response>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Reads a text file; `null` when it does not exist. */
  readonly readText: (path: string) => Promise<string | null>;
  readonly writeBytes: (path: string, bytes: Uint8Array) => Promise<void>;
  readonly makeDirectory: (path: string) => Promise<void>;
};

/** A mistake in how the command was called: exit code 2, with the usage. */
export class UsageError extends Error {}

/** Something the command could not do that is not the server's refusal (no such slug): exit code 1. */
export class CliError extends Error {}

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { CliIo } from './io';

/** The real process: the network, the environment, stdout/stderr and the file system. */
export const nodeIo: CliIo = {
  fetch: (request) => fetch(request),
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readText: async (path) => {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
      throw error;
    }
  },
  writeBytes: (path, bytes) => writeFile(path, bytes),
  makeDirectory: async (path) => {
    await mkdir(path, { recursive: true });
  },
};

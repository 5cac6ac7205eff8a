#!/usr/bin/env node
// The CLI is TypeScript run through tsx, like every other tool in this repository.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/main.ts');
const { nodeIo } = await import('../src/node-io.ts');
process.exitCode = await runCli(process.argv.slice(2), nodeIo);

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EnvError, envFields, parseEnvOrThrow } from './env';

const schema = z.object({
  PORT: envFields.port(8080),
  DATABASE_URL: envFields.url(['postgres', 'postgresql']),
  LINK_HOST: envFields.host('lnk.localhost'),
});

describe('parseEnvOrThrow', () => {
  it('applies defaults and coerces numbers', () => {
    expect(parseEnvOrThrow(schema, { DATABASE_URL: 'postgres://u@h:5432/db' })).toEqual({
      PORT: 8080,
      DATABASE_URL: 'postgres://u@h:5432/db',
      LINK_HOST: 'lnk.localhost',
    });
  });

  it('names the bad variable and what is wrong, without the value', () => {
    const run = () => parseEnvOrThrow(schema, { PORT: '99999', DATABASE_URL: 'mysql://secret-pass@h/db' });
    expect(run).toThrow(EnvError);
    try {
      run();
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      expect(message).toContain('PORT: must be a port number');
      expect(message).toContain('DATABASE_URL: must be a URL (postgres, postgresql)');
      expect(message).not.toContain('secret-pass');
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it('says a missing variable is required', () => {
    expect(() => parseEnvOrThrow(schema, {})).toThrow('DATABASE_URL: is required but not set');
  });
});

describe('parseEnv', () => {
  it('prints one line naming the variable and exits 1', () => {
    const script = `
      import { z } from 'zod';
      import { parseEnv, envFields } from ${JSON.stringify(fileURLToPath(new URL('./env.ts', import.meta.url)))};
      parseEnv(z.object({ PORT: envFields.port(1) }), { PORT: 'abc' });
      console.log('started');
    `;
    const result = spawnSync('npx', ['tsx', '--eval', script], {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    });
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('started');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^invalid environment: PORT: /);
  });
});

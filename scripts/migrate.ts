import { migrate } from '@linkhub/shared/server/db/migrate';

/** `npm run migrate`: applies pending SQL migrations to DATABASE_URL and says what it did. */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const display = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

try {
  const result = await migrate(url);
  if (result.applied.length === 0) {
    console.log(`migrate: ${display} is up to date (${result.alreadyApplied} migrations applied earlier)`);
  } else {
    for (const name of result.applied) console.log(`migrate: applied ${name}`);
    console.log(
      `migrate: ${result.applied.length} applied, ${result.alreadyApplied} already applied, on ${display}`,
    );
  }
} catch (error) {
  console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

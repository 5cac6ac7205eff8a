import { migrate } from '@linkhub/shared/server/db/migrate';
import { readDemoFile, writeDemoFile, DEMO_FILE } from './lib/demo-file';
import { devUrls, readDevEnv } from './lib/dev-config';
import { seedDemo } from './lib/seed-demo';

/**
 * `npm run seed`: migrates DATABASE_URL (default the local `linkhub` database), seeds the demo
 * accounts if absent and writes .linkhub/demo.json. `npm start` does the same on every start.
 */
const env = readDevEnv();
const databaseUrl = process.env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${env.LINKHUB_DATABASE}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
await migrate(databaseUrl);
const previous = readDemoFile();
const seeded = await seedDemo(databaseUrl, { linkHost: env.LINK_HOST, bioHost: env.BIO_HOST }, previous);
const urls = devUrls(env);
writeDemoFile({
  sync_url: urls.sync_url,
  edge_url: urls.edge_url,
  pwa_url: urls.pwa_url,
  link_host: env.LINK_HOST,
  bio_host: env.BIO_HOST,
  database_url: databaseUrl,
  redis_url: redisUrl,
  email: seeded.email,
  password: seeded.password,
  workspace_id: seeded.workspace_id,
  api_key: seeded.api_key,
  other: seeded.other,
});
console.log(
  `${seeded.created ? 'seeded the demo workspace' : 'demo data already present'}; wrote ${DEMO_FILE}`,
);
console.log(`demo login: ${seeded.email} / ${seeded.password}`);

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STATE_DIR } from './infra';

/** `.linkhub/demo.json`, exactly the keys docs/product-rules.md#api lists, in that order. Secrets live only under `.linkhub/`. */
export const demoFileSchema = z.strictObject({
  sync_url: z.url(),
  edge_url: z.url(),
  pwa_url: z.url(),
  link_host: z.string().min(1),
  bio_host: z.string().min(1),
  database_url: z.string().min(1),
  redis_url: z.string().min(1),
  email: z.email(),
  password: z.string().min(8),
  workspace_id: z.uuid(),
  api_key: z.string().startsWith('lh_'),
  other: z.strictObject({ workspace_id: z.uuid(), api_key: z.string().startsWith('lh_') }),
});
export type DemoFile = z.infer<typeof demoFileSchema>;

export const DEMO_FILE = path.join(STATE_DIR, 'demo.json');

export function readDemoFile(file: string = DEMO_FILE): DemoFile | null {
  try {
    const parsed = demoFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDemoFile(data: DemoFile, file: string = DEMO_FILE): void {
  const ordered = demoFileSchema.parse(data);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(ordered, null, 2)}\n`, { mode: 0o600 });
}

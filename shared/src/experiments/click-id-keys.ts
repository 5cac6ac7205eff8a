import { z } from 'zod';

/**
 * The keys click ids are signed with (D-491): the current key mints and verifies; previous keys,
 * while listed, still verify, so a rotation does not void the ids already in visitors' URLs. Each
 * key is `<id>:<secret>` (id 1-8 lower-case letters or digits, carried in every id; secret at least
 * 32 characters).
 */
export type ClickIdKey = { readonly id: string; readonly secret: Buffer };
export type ClickIdKeyring = { readonly current: ClickIdKey; readonly previous: readonly ClickIdKey[] };

/** The key a local stack and the tests sign with; a public deployment must set its own (the sync-server refuses to start without). */
export const DEV_CLICK_ID_KEY = 'dev:linkhub-dev-click-id-key-not-for-production';

const KEY_PATTERN = /^([a-z0-9]{1,8}):(.{32,})$/s;

export function parseClickIdKey(text: string): ClickIdKey | null {
  const match = KEY_PATTERN.exec(text.trim());
  const id = match?.[1];
  const secret = match?.[2];
  return id === undefined || secret === undefined ? null : { id, secret: Buffer.from(secret, 'utf8') };
}

function parseKeyList(text: string): ClickIdKey[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const keys = parts.map(parseClickIdKey);
  return keys.every((key) => key !== null) ? keys.filter((key) => key !== null) : null;
}

const KEY_MESSAGE =
  'must be <id>:<secret>: an id of 1-8 lower-case letters or digits, a secret of 32+ characters';

/** CLICK_ID_KEY and CLICK_ID_PREVIOUS_KEYS (comma-separated), spread into the env schema of each service that mints or verifies. */
export const clickIdEnvShape = {
  CLICK_ID_KEY: z
    .string()
    .default(DEV_CLICK_ID_KEY)
    .refine((text) => parseClickIdKey(text) !== null, { message: KEY_MESSAGE }),
  CLICK_ID_PREVIOUS_KEYS: z
    .string()
    .default('')
    .refine((text) => parseKeyList(text) !== null, { message: `each ${KEY_MESSAGE}` }),
} as const;

/** The keyring of validated settings (throws only on settings the env schema would have refused). */
export function clickIdKeyring(env: {
  CLICK_ID_KEY: string;
  CLICK_ID_PREVIOUS_KEYS: string;
}): ClickIdKeyring {
  const current = parseClickIdKey(env.CLICK_ID_KEY);
  const previous = parseKeyList(env.CLICK_ID_PREVIOUS_KEYS);
  if (current === null || previous === null)
    throw new Error('CLICK_ID_KEY / CLICK_ID_PREVIOUS_KEYS are invalid');
  return { current, previous: previous.filter((key) => key.id !== current.id) };
}

/** The keyring of a local stack and the tests (DEV_CLICK_ID_KEY alone), for callers given none. */
export const devClickIdKeyring = (): ClickIdKeyring =>
  clickIdKeyring({ CLICK_ID_KEY: DEV_CLICK_ID_KEY, CLICK_ID_PREVIOUS_KEYS: '' });

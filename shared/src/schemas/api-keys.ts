import { z } from 'zod';
import { API_KEY_SCOPES } from '../permissions/scopes';
import { readableText } from './common';

/** A new API key: what the settings form checks before sending and the sync-server parses. */
export const createApiKeySchema = z.strictObject({
  name: readableText(100).min(1),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
  expires_at: z.iso.datetime({ offset: true }).optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

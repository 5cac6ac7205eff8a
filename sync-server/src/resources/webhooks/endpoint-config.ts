import { randomBytes } from 'node:crypto';
import type { CreateWebhookEndpointArgs } from '@linkhub/shared/webhooks/schemas';

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What the editor shows of a secret or an ESP key once it has been revealed. */
export const lastFour = (secret: string): string => secret.slice(-4);

/** An endpoint's stored shape: where deliveries go, what signs or authenticates them, what it listens to. */
export type EndpointConfig = {
  url: string;
  secret: string;
  events: string[];
  config: Record<string, string>;
  pageId: string | null;
};

/**
 * The stored shape of a new endpoint. An ESP adapter posts to its provider's documented subscribe
 * endpoint (Mailchimp: `POST /3.0/lists/{list_id}/members` on the key's data centre; ConvertKit:
 * `POST /v3/forms/{form_id}/subscribe`), authenticated with the user's API key in place of a
 * signing secret, and syncs confirmed sign-ups only (never an address that has not opted in).
 */
export function endpointConfigOf(args: CreateWebhookEndpointArgs): EndpointConfig {
  switch (args.kind) {
    case 'webhook':
      return { url: args.url, secret: newSigningSecret(), events: args.events, config: {}, pageId: null };
    case 'mailchimp': {
      const dc = args.api_key.slice(args.api_key.lastIndexOf('-') + 1);
      return {
        url: `https://${dc}.api.mailchimp.com/3.0/lists/${args.list_id}/members`,
        secret: args.api_key,
        events: ['lead.confirmed'],
        config: { list_id: args.list_id },
        pageId: args.page_id,
      };
    }
    case 'convertkit':
      return {
        url: `https://api.convertkit.com/v3/forms/${args.form_id}/subscribe`,
        secret: args.api_key,
        events: ['lead.confirmed'],
        config: { form_id: args.form_id },
        pageId: args.page_id,
      };
  }
}

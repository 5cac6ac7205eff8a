import { createHash } from 'node:crypto';
import { z } from 'zod';

/** The request that subscribes one confirmed lead at an email service provider. */
export type EspRequest = {
  url: string;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string;
};

/** What an adapter reads of a `lead.confirmed` payload: the address only. */
const leadDataSchema = z.looseObject({ email: z.email() });

export function leadEmailOf(payload: unknown): string | null {
  const parsed = z.looseObject({ data: leadDataSchema }).safeParse(payload);
  return parsed.success ? parsed.data.data.email : null;
}

/**
 * Mailchimp Marketing API 3.0, "Add or update list member":
 * `PUT /3.0/lists/{list_id}/members/{subscriber_hash}` where the hash is the MD5 of the lower-case
 * address, HTTP Basic with any user name and the API key as password. An upsert, so a retry or a
 * replay is harmless; `status_if_new` subscribes a new member without overriding the status of an
 * existing one (someone who unsubscribed at Mailchimp stays unsubscribed). The lead already
 * confirmed with us (double opt-in happens here, not there).
 */
export function mailchimpRequest(membersUrl: string, apiKey: string, email: string): EspRequest {
  const address = email.toLowerCase();
  const hash = createHash('md5').update(address, 'utf8').digest('hex');
  return {
    url: `${membersUrl.replace(/\/$/, '')}/${hash}`,
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`linkhub:${apiKey}`, 'utf8').toString('base64')}`,
    },
    body: JSON.stringify({ email_address: address, status_if_new: 'subscribed' }),
  };
}

/**
 * ConvertKit API v3, "Add subscriber to a form": `POST /v3/forms/{form_id}/subscribe` with
 * `{api_key, email}` in a JSON body. Subscribing an address twice keeps one subscriber.
 */
export function convertKitRequest(subscribeUrl: string, apiKey: string, email: string): EspRequest {
  return {
    url: subscribeUrl,
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ api_key: apiKey, email: email.toLowerCase() }),
  };
}

export function espRequest(
  kind: 'mailchimp' | 'convertkit',
  url: string,
  apiKey: string,
  email: string,
): EspRequest {
  return kind === 'mailchimp' ? mailchimpRequest(url, apiKey, email) : convertKitRequest(url, apiKey, email);
}

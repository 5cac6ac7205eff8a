import type { Action } from '../permissions/matrix';
import { isLeadEvent } from '../webhooks/events';
import {
  createWebhookEndpointArgs,
  deleteWebhookEndpointArgs,
  replayWebhookDeliveryArgs,
  rotateWebhookSecretArgs,
  sendTestWebhookArgs,
  updateWebhookEndpointArgs,
} from '../webhooks/schemas';
import { defineMutator } from './define';

/**
 * Outbound webhook endpoints and ESP adapters. Their secrets are shown once, in the answer
 * of the request that made them, so they are managed through `/v1/webhooks` (API key or the editor's
 * session), never through a device's Replicache store: these mutators are not in the client
 * registry and do nothing on the client; their commands serve the REST door with the same parse and
 * authorize() every command passes. An endpoint that receives leads' addresses (lead events, an ESP
 * adapter) also needs `lead.manage_sync`, which no API key has (leads are dashboard-only, docs/product-rules.md#personal-data).
 */
const withLeadSync = (base: Action, leads: boolean): readonly Action[] =>
  leads ? [base, 'lead.manage_sync'] : [base];

export const createWebhookEndpoint = defineMutator({
  name: 'createWebhookEndpoint',
  args: createWebhookEndpointArgs,
  action: 'webhook.create',
  actions: (args) => withLeadSync('webhook.create', args.kind !== 'webhook' || args.events.some(isLeadEvent)),
  client: async () => undefined,
});

export const updateWebhookEndpoint = defineMutator({
  name: 'updateWebhookEndpoint',
  args: updateWebhookEndpointArgs,
  action: 'webhook.update',
  actions: (args) => withLeadSync('webhook.update', (args.events ?? []).some(isLeadEvent)),
  target: (args) => ({ type: 'webhook', id: args.id }),
  client: async () => undefined,
});

export const deleteWebhookEndpoint = defineMutator({
  name: 'deleteWebhookEndpoint',
  args: deleteWebhookEndpointArgs,
  action: 'webhook.delete',
  target: (args) => ({ type: 'webhook', id: args.id }),
  client: async () => undefined,
});

export const rotateWebhookSecret = defineMutator({
  name: 'rotateWebhookSecret',
  args: rotateWebhookSecretArgs,
  action: 'webhook.update',
  target: (args) => ({ type: 'webhook', id: args.id }),
  client: async () => undefined,
});

/** Send one logged delivery again (same event id, so a receiver that handled it can skip it). */
export const replayWebhookDelivery = defineMutator({
  name: 'replayWebhookDelivery',
  args: replayWebhookDeliveryArgs,
  action: 'webhook.update',
  target: (args) => ({ type: 'webhook', id: args.id }),
  client: async () => undefined,
});

/** A `webhook.test` event to one endpoint, on request. */
export const sendTestWebhook = defineMutator({
  name: 'sendTestWebhook',
  args: sendTestWebhookArgs,
  action: 'webhook.update',
  target: (args) => ({ type: 'webhook', id: args.id }),
  client: async () => undefined,
});

export const webhookMutators = [
  createWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  replayWebhookDelivery,
  sendTestWebhook,
] as const;

import { z } from 'zod';
import {
  webhookDeliveryQueuedSchema,
  webhookDeliverySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointSchema,
  webhookSecretRotatedSchema,
  type CreateWebhookEndpointInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookSecretRotated,
} from '@linkhub/shared/webhooks/schemas';
import { api, apiEnvelope } from '../../api/api';

/**
 * `/v1/webhooks` with the editor's session. Endpoints are not synced through Replicache:
 * a secret is shown once, in the answer that made it, and the delivery log lives on the server.
 */
const q = (workspaceId: string) => `workspace_id=${encodeURIComponent(workspaceId)}`;
const one = (id: string) => `/v1/webhooks/${encodeURIComponent(id)}`;

export async function listEndpoints(workspaceId: string): Promise<WebhookEndpoint[]> {
  return z.array(webhookEndpointSchema).parse(await api<unknown>(`/v1/webhooks?${q(workspaceId)}`));
}

export async function createEndpoint(
  workspaceId: string,
  input: CreateWebhookEndpointInput,
): Promise<WebhookEndpointCreated> {
  return webhookEndpointCreatedSchema.parse(
    await api<unknown>(`/v1/webhooks?${q(workspaceId)}`, { method: 'POST', body: input }),
  );
}

export async function updateEndpoint(
  workspaceId: string,
  id: string,
  patch: { enabled?: boolean; events?: string[]; description?: string | null },
): Promise<WebhookEndpoint> {
  return webhookEndpointSchema.parse(
    await api<unknown>(`${one(id)}?${q(workspaceId)}`, { method: 'PATCH', body: patch }),
  );
}

export async function deleteEndpoint(workspaceId: string, id: string): Promise<void> {
  await api<unknown>(`${one(id)}?${q(workspaceId)}`, { method: 'DELETE' });
}

export async function rotateSecret(
  workspaceId: string,
  id: string,
  overlapHours: number,
): Promise<WebhookSecretRotated> {
  return webhookSecretRotatedSchema.parse(
    await api<unknown>(`${one(id)}/rotate-secret?${q(workspaceId)}`, {
      method: 'POST',
      body: { overlap_hours: overlapHours },
    }),
  );
}

export async function sendTest(workspaceId: string, id: string): Promise<void> {
  webhookDeliveryQueuedSchema.parse(
    await api<unknown>(`${one(id)}/test?${q(workspaceId)}`, { method: 'POST', body: {} }),
  );
}

export async function listDeliveries(
  workspaceId: string,
  id: string,
  cursor: string | null,
): Promise<{ deliveries: WebhookDelivery[]; nextCursor: string | null }> {
  const { data, meta } = await apiEnvelope<unknown>(
    `${one(id)}/deliveries?${q(workspaceId)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
  return { deliveries: z.array(webhookDeliverySchema).parse(data), nextCursor: meta.next_cursor ?? null };
}

export async function replayDelivery(workspaceId: string, id: string, deliveryId: string): Promise<void> {
  await api<unknown>(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay?${q(workspaceId)}`, {
    method: 'POST',
    body: {},
  });
}

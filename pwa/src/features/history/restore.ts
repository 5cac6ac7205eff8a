import type { HistoryEntry, HistoryResourceType } from '@linkhub/shared/schemas/history';
import { updateLink } from '@linkhub/shared/mutators/links';
import { updateQrCode } from '@linkhub/shared/mutators/qr-codes';
import { updateBlock, updatePage } from '@linkhub/shared/mutators/pages';
import type { Rep } from '../../replicache/create-rep';

/** What "Restore this value" sends: the resource's ordinary update mutation, for that one field. */
export type Restore = (rep: Rep) => Promise<void>;

const LINK_FIELDS = new Set(['destination_url', 'slug', 'title', 'tags', 'utm', 'starts_at', 'expires_at']);
const QR_FIELDS = new Set(['destination_url', 'title']);
const PAGE_FIELDS = new Set(['handle', 'title', 'bio']);

/**
 * The mutation that puts `value` back into `field`, or null when that field cannot be set from
 * history (an address, a block's position, a value the update no longer accepts). Each candidate
 * passes the mutation's own argument schema first, so a button is offered only when the edit would
 * be accepted as typed.
 */
export function restoreFor(
  target: { type: HistoryResourceType; id: string; workspaceId: string },
  entry: Pick<HistoryEntry, 'block_id'>,
  field: string,
  value: unknown,
): Restore | null {
  const ref = { id: target.id, workspace_id: target.workspaceId };
  if (target.type === 'link' && LINK_FIELDS.has(field)) {
    const args = updateLink.args.safeParse({ ...ref, [field]: value });
    return args.success ? (rep) => rep.mutate.updateLink(args.data) : null;
  }
  if (target.type === 'qr_code' && QR_FIELDS.has(field)) {
    const args = updateQrCode.args.safeParse({ ...ref, [field]: value });
    return args.success ? (rep) => rep.mutate.updateQrCode(args.data) : null;
  }
  if (target.type !== 'bio_page') return null;
  if (entry.block_id !== null) {
    const blockRef = { id: entry.block_id, page_id: target.id, workspace_id: target.workspaceId };
    const candidate = field.startsWith('data.')
      ? { ...blockRef, data: { [field.slice('data.'.length)]: value } }
      : field === 'is_visible'
        ? { ...blockRef, is_visible: value }
        : null;
    const args = candidate && updateBlock.args.safeParse(candidate);
    return args?.success ? (rep) => rep.mutate.updateBlock(args.data) : null;
  }
  const candidate = field.startsWith('theme.')
    ? { ...ref, theme: { [field.slice('theme.'.length)]: value } }
    : PAGE_FIELDS.has(field)
      ? { ...ref, [field]: value }
      : null;
  const args = candidate && updatePage.args.safeParse(candidate);
  return args?.success ? (rep) => rep.mutate.updatePage(args.data) : null;
}

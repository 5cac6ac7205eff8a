import type { HistoryEntry, HistoryField, HistoryResourceType } from '@linkhub/shared/schemas/history';
import { LINK_UPDATABLE, updateLink } from '@linkhub/shared/mutators/links';
import { updateQrCode } from '@linkhub/shared/mutators/qr-codes';
import { moveBlock, restoreBlock, updateBlock, updatePage } from '@linkhub/shared/mutators/pages';
import type { Rep } from '../../replicache/create-rep';

/** What "Restore this value" sends: the resource's ordinary update mutation, for that one field. */
export type Restore = (rep: Rep) => Promise<void>;

const LINK_FIELDS = new Set<string>(LINK_UPDATABLE);
const QR_FIELDS = new Set(['destination_url', 'title', 'design', 'payload']);
const PAGE_FIELDS = new Set(['handle', 'title', 'bio']);

/**
 * The mutation that puts `value` back into `field`, or null when that field cannot be set from
 * history (an address, a value the update no longer accepts). Each candidate passes the mutation's
 * own argument schema first, so a button is offered only when the edit would be accepted as typed.
 * A block's `position` is a move; its `deleted_at` back to nothing brings the removed block back
 * (D-560).
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
    if (field === 'position') {
      const move = moveBlock.args.safeParse({ ...blockRef, position: value });
      return move.success ? (rep) => rep.mutate.moveBlock(move.data) : null;
    }
    if (field === 'deleted_at') {
      const back = value === null ? restoreBlock.args.safeParse(blockRef) : null;
      return back?.success ? (rep) => rep.mutate.restoreBlock(back.data) : null;
    }
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

/**
 * Which value a field's row offers to put back: an older change's "after" (the newest change of a
 * field holds its current value, so it offers nothing), except a block's removal, which the newest
 * entry undoes by putting back its "before" (not removed).
 */
export function restoreValue(
  field: HistoryField,
  current: boolean,
): { offered: false } | { offered: true; to: unknown } {
  if (field.field === 'deleted_at')
    return current && field.after !== null && field.before === null
      ? { offered: true, to: null }
      : { offered: false };
  return current ? { offered: false } : { offered: true, to: field.after };
}

import { useState } from 'react';
import type { BlockType } from '@linkhub/shared/blocks/snapshot';
import { BLOCK_TYPES } from '@linkhub/shared/mutators/pages';
import type { BlockView } from '@linkhub/shared/sync/views';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { errorText } from '../../ui/error-messages';
import { BLOCK_LABELS, blockSummary } from './block-fields';
import { BlockForm } from './block-form';
import type { MoveRequest } from './block-moves';
import { useBlockOrder } from './use-block-order';
import { BlockExtrasLine } from './block-extras/block-extras-line';

/** The page's blocks: add, edit, hide, remove, and reorder with buttons (keyboard) or by dragging. */
export function BlockList({ pageId, blocks }: { pageId: string; blocks: BlockView[] }) {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const [adding, setAdding] = useState<BlockType | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const editable = can('block.update');
  const ref = (id: string) => ({ id, page_id: pageId, workspace_id: workspace.id });

  const [failure, setFailure] = useState('');
  /** Runs one change of the list; a failure is said on screen, never swallowed. */
  const attempt = (what: string, run: () => Promise<unknown>) => {
    setFailure('');
    run().catch((err: unknown) => setFailure(`${what} did not work: ${errorText(err)}`));
  };
  // Moves and appends are planned from the store when their turn comes, not from this (possibly older) list.
  const order = useBlockOrder(pageId, {
    moved: (block, to, of) => setSaid(`Moved “${blockName(block)}” to position ${to + 1} of ${of}.`),
    failed: setFailure,
  });
  const move = (id: string, request: MoveRequest) => {
    setFailure('');
    order.move(id, request, blockName);
  };

  return (
    <section aria-labelledby="blocks-title">
      <h2 id="blocks-title">Blocks</h2>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {blocks.length === 0 && <p className="muted">No blocks yet.</p>}
      <ol className="list blocks-list">
        {blocks.map((block, index) => (
          <li
            key={block.id}
            draggable={editable}
            data-block-id={block.id}
            data-position={block.position}
            onDragStart={() => setDragged(block.id)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragged !== null) move(dragged, { onto: block.id });
              setDragged(null);
            }}
          >
            {editing === block.id ? (
              <BlockForm
                type={asType(block.type)}
                initial={block.data}
                submitLabel="Save block"
                onCancel={() => setEditing(null)}
                onSubmit={(_data, edit) => {
                  // Only the changed keys, each with the value it started from (D-500).
                  attempt('Saving the block', () =>
                    rep.mutate.updateBlock({
                      ...ref(block.id),
                      data: edit.changed,
                      base: { data: edit.base },
                    }),
                  );
                  setEditing(null);
                }}
              />
            ) : (
              <>
                <span>
                  <strong>{BLOCK_LABELS[asType(block.type)]}</strong> {blockSummary(block.type, block.data)}
                  {!block.is_visible && <span className="badge paused"> hidden</span>}
                  <BlockExtrasLine data={block.data} />
                </span>
                {editable && (
                  <span className="row">
                    <button
                      type="button"
                      onClick={() => move(block.id, { direction: 'up' })}
                      disabled={index === 0}
                      aria-label={`Move block ${index + 1} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      onClick={() => move(block.id, { direction: 'down' })}
                      disabled={index === blocks.length - 1}
                      aria-label={`Move block ${index + 1} down`}
                    >
                      ↓
                    </button>
                    <button type="button" onClick={() => setEditing(block.id)}>
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={() =>
                        attempt(block.is_visible ? 'Hiding the block' : 'Showing the block', () =>
                          rep.mutate.updateBlock({ ...ref(block.id), is_visible: !block.is_visible }),
                        )
                      }
                    >
                      {block.is_visible ? 'Hide' : 'Show'}
                    </button>
                    {can('block.delete') && (
                      <button
                        type="button"
                        className="danger"
                        onClick={() =>
                          attempt('Removing the block', () => rep.mutate.removeBlock(ref(block.id)))
                        }
                      >
                        Remove
                      </button>
                    )}
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
      {can('block.create') &&
        (adding ? (
          <BlockForm
            type={adding}
            submitLabel={`Add ${BLOCK_LABELS[adding].toLowerCase()}`}
            onCancel={() => setAdding(null)}
            onSubmit={(data) => {
              setFailure('');
              order.append(adding, data);
              setAdding(null);
            }}
          />
        ) : (
          <div className="row">
            <label htmlFor="add-block" className="label">
              Add a block
            </label>
            <select
              id="add-block"
              value=""
              onChange={(e) => setAdding(BLOCK_TYPES.find((t) => t === e.target.value) ?? null)}
            >
              <option value="">Choose a type…</option>
              {BLOCK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {BLOCK_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
        ))}
    </section>
  );
}

function blockName(block: BlockView): string {
  return blockSummary(block.type, block.data) || BLOCK_LABELS[asType(block.type)];
}

function asType(type: string): BlockType {
  return BLOCK_TYPES.find((t) => t === type) ?? 'text';
}

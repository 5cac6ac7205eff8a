import { useRef } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { BlockType } from '@linkhub/shared/blocks/snapshot';
import type { BlockView } from '@linkhub/shared/sync/views';
import { useRep } from '../../replicache/rep-context';
import { listBlocks } from '../../replicache/queries';
import { useWorkspace } from '../../workspace/workspace-context';
import { errorText } from '../../ui/error-messages';
import { planBlockMove, type MoveRequest } from './block-moves';
import { planAppend, type PositionPlan } from './positions';

type Reports = {
  /** A move was planned: the block as stored, where it lands (0-based) and the list's length. */
  moved: (block: BlockView, to: number, of: number) => void;
  /** A change did not work, in words for the screen. */
  failed: (text: string) => void;
};

/**
 * Moves and appends of one page's blocks, planned when their turn comes from the store's current
 * blocks, not from the list on screen (store answers render as transitions, so the screen can lag the
 * store). Each change waits for the previous one's mutations to be applied locally, so a second quick
 * click plans from the first's result and two quick appends get different keys.
 */
export function useBlockOrder(pageId: string, reports: Reports) {
  const rep = useRep();
  const { workspace } = useWorkspace();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const ref = (id: string) => ({ id, page_id: pageId, workspace_id: workspace.id });

  /** Runs `change` after the changes queued before it; a failure is said on screen and the queue goes on. */
  const inTurn = (what: (stored: BlockView[]) => string, change: (stored: BlockView[]) => Promise<void>) => {
    queue.current = queue.current.then(async () => {
      let stored: BlockView[] = [];
      try {
        stored = await rep.query((tx) => listBlocks(tx, pageId));
        await change(stored);
      } catch (err) {
        reports.failed(`${what(stored)} did not work: ${errorText(err)}`);
      }
    });
  };
  // A renumber stays one moveBlock per block: each is applied locally at once and pushed together.
  const writePositions = (plan: PositionPlan) =>
    Promise.all(plan.map((p) => rep.mutate.moveBlock({ ...ref(p.id), position: p.position })));

  return {
    move(id: string, request: MoveRequest, name: (block: BlockView) => string) {
      const named = (stored: BlockView[]) => {
        const block = stored.find((b) => b.id === id);
        return block ? `Moving “${name(block)}”` : 'Moving the block';
      };
      inTurn(named, async (stored) => {
        const planned = planBlockMove(stored, id, request);
        const block = stored.find((b) => b.id === id);
        if (!planned || !block) return;
        reports.moved(block, planned.to, planned.of);
        await writePositions(planned.plan);
      });
    },
    append(type: BlockType, data: BlockView['data']) {
      const id = uuidv7();
      inTurn(
        () => 'Adding the block',
        async (stored) => {
          const { position, repairs } = planAppend(stored);
          await writePositions(repairs);
          await rep.mutate.addBlock({ ...ref(id), type, data, position });
        },
      );
    },
  };
}

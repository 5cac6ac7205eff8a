import { describe, expect, it } from 'vitest';
import { authorize } from './authorize';
import { happyInput, membership, resourceFor } from './fixtures';
import { canSeeResource } from './visibility';

/** A folder is a grant unit (D-622): its grant reaches the links it holds, directly or through a subfolder. */
describe('grants on a folder', () => {
  const onlyFolder = membership('editor', true, {
    grants: [{ resource_type: 'folder', resource_id: 'folder-a' }],
  });
  const link = (containers: Array<{ type: string; id: string }>) =>
    resourceFor('link.update', { id: 'link-x', containers });

  it('reach a link in the folder or in its subfolder, for reads and edits', () => {
    for (const held of [
      link([{ type: 'folder', id: 'folder-a' }]),
      link([
        { type: 'folder', id: 'folder-sub' },
        { type: 'folder', id: 'folder-a' },
      ]),
    ]) {
      for (const action of ['link.view', 'link.update'] as const)
        expect(
          authorize(happyInput(action, 'editor', true, { membership: onlyFolder, resource: held })),
        ).toEqual({
          allow: true,
        });
      expect(canSeeResource(onlyFolder, held ?? { type: 'link', id: 'link-x' })).toBe(true);
    }
  });

  it('do not reach a link outside it (404, as a missing one), nor give a viewer edits', () => {
    const outside = link([{ type: 'folder', id: 'folder-b' }]);
    expect(
      authorize(happyInput('link.view', 'editor', true, { membership: onlyFolder, resource: outside })),
    ).toMatchObject({
      allow: false,
      status: 404,
    });
    const loose = link([]);
    expect(canSeeResource(onlyFolder, loose ?? { type: 'link', id: 'link-x' })).toBe(false);
    const viewer = membership('viewer', true, { grants: onlyFolder.grants });
    const inside = link([{ type: 'folder', id: 'folder-a' }]);
    expect(
      authorize(happyInput('link.update', 'viewer', true, { membership: viewer, resource: inside })),
    ).toMatchObject({
      allow: false,
      status: 403,
    });
  });
});

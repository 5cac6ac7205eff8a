import { describe, expect, it } from 'vitest';
import { changedKeys, editedWithBase } from './draft-base';
import { editDraft, rebaseDraft, startDraft } from './draft-rebase';

describe('what an edit sends as its base', () => {
  it('names only the changed fields, each with the value the form started from', () => {
    const state = editDraft(startDraft({ title: 'Start', bio: 'Hello' }), 'title', 'Mine');
    expect(editedWithBase(state)).toEqual({ changed: { title: 'Mine' }, base: { title: 'Start' } });
  });

  it('keeps the started value as the base when sync brings a newer one under an edited field', () => {
    const edited = editDraft(startDraft({ title: 'Start', bio: '' }), 'title', 'Mine');
    const rebased = rebaseDraft(edited, { title: 'Theirs', bio: 'New bio' });
    expect(editedWithBase(rebased)).toEqual({ changed: { title: 'Mine' }, base: { title: 'Start' } });
  });

  it('a merged field sends only its changed keys, an added key with a null base', () => {
    expect(
      changedKeys(
        { text: 'Start', url: 'https://a.test' },
        { text: 'Mine', url: 'https://a.test', alt: 'x' },
      ),
    ).toEqual({
      changed: { text: 'Mine', alt: 'x' },
      base: { text: 'Start', alt: null },
    });
  });
});

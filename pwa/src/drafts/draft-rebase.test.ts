import { describe, expect, it } from 'vitest';
import {
  conflictsOf,
  discardDraft,
  editDraft,
  isEdited,
  markSaved,
  rebaseDraft,
  settleConflicts,
  startDraft,
  unsavedOf,
} from './draft-rebase';

const item = { title: 'Spring', destination_url: 'https://a.example/' };

describe('an open form against the synced item', () => {
  it('follows a change from another device to a field the user did not touch', () => {
    let s = editDraft(startDraft(item), 'title', 'Spring sale');
    s = rebaseDraft(s, { ...item, destination_url: 'https://b.example/' });
    expect(s.draft).toEqual({ title: 'Spring sale', destination_url: 'https://b.example/' });
    expect(conflictsOf(s)).toEqual([]);
    expect(isEdited(s, 'destination_url')).toBe(false);
    expect(isEdited(s, 'title')).toBe(true);
  });

  it('flags a field both changed instead of overwriting either', () => {
    let s = editDraft(startDraft(item), 'title', 'Mine');
    s = rebaseDraft(s, { ...item, title: 'Theirs' });
    expect(conflictsOf(s)).toEqual(['title']);
    expect(s.draft.title).toBe('Mine');
    expect(settleConflicts(s, 'theirs').draft.title).toBe('Theirs');
    const mine = settleConflicts(s, 'mine');
    expect(mine.draft.title).toBe('Mine');
    expect(isEdited(mine, 'title')).toBe(true);
    expect(conflictsOf(mine)).toEqual([]);
  });

  it('is no conflict when both made the same change', () => {
    const s = rebaseDraft(editDraft(startDraft(item), 'title', 'Same'), { ...item, title: 'Same' });
    expect(conflictsOf(s)).toEqual([]);
    expect(isEdited(s, 'title')).toBe(false);
  });

  it('keeps the typed value when the server refuses a save and sync brings the old value back', () => {
    let s = markSaved(editDraft(startDraft(item), 'title', 'Refused'));
    s = rebaseDraft(s, { ...item, title: 'Refused' }); // the optimistic write
    s = rebaseDraft(s, item); // the server's refusal reverts it
    expect(s.draft.title).toBe('Refused');
    expect(conflictsOf(s)).toEqual(['title']);
  });

  it('takes a later change from elsewhere after a confirmed save', () => {
    let s = markSaved(editDraft(startDraft(item), 'title', 'Saved'));
    s = rebaseDraft(s, { ...item, title: 'Saved' });
    s = rebaseDraft(s, { ...item, title: 'Later elsewhere' });
    expect(s.draft.title).toBe('Later elsewhere');
    expect(conflictsOf(s)).toEqual([]);
  });
});

describe('a draft its author can no longer save', () => {
  const shop = { title: 'Shop', destination: 'https://shop.example/' };

  it('names every field typed and not saved, edited or in conflict, and nothing else', () => {
    const typed = editDraft(startDraft(shop), 'title', 'Typed');
    expect(unsavedOf(typed)).toEqual(['title']);
    const refused = rebaseDraft(
      markSaved(editDraft(startDraft(shop), 'destination', 'https://b.example/')),
      shop,
    );
    expect(conflictsOf(refused)).toEqual(['destination']);
    expect(unsavedOf(refused)).toEqual(['destination']);
    expect(unsavedOf(startDraft(shop))).toEqual([]);
  });

  it('discarding shows the synced item again, with the change from elsewhere taken in', () => {
    const typed = editDraft(startDraft(shop), 'title', 'Typed');
    const moved = rebaseDraft(typed, { ...shop, title: 'Theirs' });
    const after = discardDraft(moved);
    expect(after.draft).toEqual({ ...shop, title: 'Theirs' });
    expect(unsavedOf(after)).toEqual([]);
    expect(conflictsOf(after)).toEqual([]);
  });
});

import type { PostContent } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { type BackupStore, DraftSession, type SaveResult } from '../src/draft-session';

const content = (text: string): PostContent => ({
  paragraphs: [{ name: 'a1', type: 'P', text, markups: [] }],
});

function memoryBackups(): BackupStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    read: (k) => data.get(k) ?? null,
    write: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}

/** A fake of posts.save with the server's base-revision rule. */
function fakeServer(startRev = 0) {
  const state = { rev: startRev, title: '', content: content(''), saves: 0 };
  const save = async (input: {
    baseRev: number;
    title: string;
    content: PostContent;
  }): Promise<SaveResult> => {
    state.saves += 1;
    if (input.baseRev !== state.rev) {
      return {
        __typename: 'Conflict',
        message: 'changed elsewhere',
        latestRev: state.rev,
        title: state.title,
        content: state.content,
      };
    }
    state.rev += 1;
    state.title = input.title;
    state.content = input.content;
    return { __typename: 'Saved', rev: state.rev };
  };
  return { state, save };
}

describe('DraftSession', () => {
  it('debounces edits into one save and clears the backup once saved', async () => {
    const server = fakeServer();
    const backups = memoryBackups();
    const session = new DraftSession('p1', 0, { save: server.save, backups, delayMs: 10 });
    session.change({ title: 'T', content: content('a') });
    session.change({ title: 'T', content: content('ab') });
    expect(backups.data.size).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(server.state.saves).toBe(1);
    expect(server.state.content.paragraphs[0]!.text).toBe('ab');
    expect(session.status).toBe('saved');
    expect(backups.data.size).toBe(0);
  });

  it('restores unsaved text after a reload from the local backup', async () => {
    const backups = memoryBackups();
    const crashed = new DraftSession('p2', 3, {
      save: async () => ({ __typename: 'Saved', rev: 4 }),
      backups,
      delayMs: 10_000,
    });
    crashed.change({ title: 'Unsaved', content: content('typed before the crash') });
    // The tab dies before the autosave fires; a new tab opens the same draft at rev 3.
    const reopened = new DraftSession('p2', 3, {
      save: async () => ({ __typename: 'Saved', rev: 4 }),
      backups,
    });
    expect(reopened.restorable()).toEqual({
      title: 'Unsaved',
      content: content('typed before the crash'),
      stale: false,
    });
    const moved = new DraftSession('p2', 5, { save: async () => ({ __typename: 'Saved', rev: 6 }), backups });
    expect(moved.restorable()?.stale).toBe(true);
  });

  it('keeps both tabs’ text on a conflict: the loser stays in conflict with its text backed up', async () => {
    const server = fakeServer();
    const tabA = new DraftSession('p3', 0, { save: server.save, backups: memoryBackups(), delayMs: 1 });
    const backupsB = memoryBackups();
    const tabB = new DraftSession('p3', 0, { save: server.save, backups: backupsB, delayMs: 1 });
    tabA.change({ title: 'A', content: content('from tab A') });
    await tabA.flush();
    tabB.change({ title: 'B', content: content('from tab B') });
    await tabB.flush();
    expect(tabB.status).toBe('conflict');
    expect(tabB.conflict!.content.paragraphs[0]!.text).toBe('from tab A');
    expect(server.state.content.paragraphs[0]!.text).toBe('from tab A');
    expect(backupsB.data.size).toBe(1); // tab B's text is still safe locally
    tabB.resolveWithMine();
    await tabB.flush();
    expect(server.state.content.paragraphs[0]!.text).toBe('from tab B');
    expect(tabB.status).toBe('saved');
  });

  it('goes offline on a network failure and keeps the text for the retry', async () => {
    let fail = true;
    const server = fakeServer();
    const session = new DraftSession('p4', 0, {
      save: async (input) => {
        if (fail) throw new Error('network down');
        return server.save(input);
      },
      backups: memoryBackups(),
      delayMs: 1,
    });
    session.change({ title: 'T', content: content('offline words') });
    await session.flush();
    expect(session.status).toBe('offline');
    fail = false;
    await session.flush();
    expect(session.status).toBe('saved');
    expect(server.state.content.paragraphs[0]!.text).toBe('offline words');
  });
});

describe('DraftSession backups during a save', () => {
  it('re-files text typed while a save was in flight under the new revision', async () => {
    const server = fakeServer();
    const backups = memoryBackups();
    let release: () => void = () => {};
    const session = new DraftSession('p5', 0, {
      save: async (input) => {
        await new Promise<void>((r) => {
          release = r;
        });
        return server.save(input);
      },
      backups,
      delayMs: 10_000,
    });
    session.change({ title: 'T', content: content('first') });
    const saving = session.flush();
    session.change({ title: 'T', content: content('typed during the save') });
    release();
    await saving;
    const reopened = new DraftSession('p5', 1, { save: server.save, backups });
    expect(reopened.restorable()).toEqual({
      title: 'T',
      content: content('typed during the save'),
      stale: false,
    });
  });
});

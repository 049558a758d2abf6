import { MeterEntry } from '@quire/db';
import { clapTexts, responseTexts, shareTexts, storyInfoTexts } from '@quire/domain';
import { buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const SECRET = 'A members-only sentence no sub-page may carry.';

describe('pages about a story (spec §2 /p/{postId}/responses, /upvotes, /share/{channel}, /info)', () => {
  it('serve the story’s title and what they list, never its text, and spend no free story', async () => {
    const writer = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), {
      creator: writer,
      title: 'Locked tale',
      isLocked: true,
      content: { paragraphs: [{ name: 'p1', type: 'P', text: SECRET, markups: [] }] },
    });
    const reader = await buildUser(t.db.em());
    const token = await buildSession(t.db.em(), reader);
    for (const [path, heading] of [
      [`/p/${post.id}/responses`, responseTexts.pageTitle('Locked tale')],
      [`/p/${post.id}/responses/show`, responseTexts.pageTitle('Locked tale')],
      [`/p/${post.id}/responses/new`, responseTexts.pageTitle('Locked tale')],
      [`/p/${post.id}/upvotes`, clapTexts.upvotesTitle('Locked tale')],
      [`/p/${post.id}/share/linkedin`, shareTexts.pageTitle('Locked tale')],
      [`/p/${post.id}/info`, storyInfoTexts.pageTitle('Locked tale')],
      [`/p/${post.id}/info/newest/claps`, storyInfoTexts.pageTitle('Locked tale')],
      [`/p/${post.id}/info/top/highlights`, storyInfoTexts.pageTitle('Locked tale')],
    ] as const) {
      const res = await t.page(path, token);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain(`<h1>${heading}</h1>`);
      expect(res.body).not.toContain(SECRET);
    }
    expect(await t.db.em().count(MeterEntry, { user: reader.id })).toBe(0);
    // The story page itself does spend one, with the text it shows.
    expect((await t.page(`/p/${post.id}`, token)).body).toContain(SECRET);
    expect(await t.db.em().count(MeterEntry, { user: reader.id })).toBe(1);
  });

  it('show the story’s details and the list its path chooses, with links to the other views', async () => {
    const writer = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), { creator: writer, title: 'Detailed' });
    const clapper = await buildUser(t.db.em(), { name: 'Clara Clapper' });
    await t.app.inject({
      method: 'POST',
      url: '/trpc/posts.clap',
      payload: { postId: post.id, count: 5 },
      headers: authHeaders(await buildSession(t.db.em(), clapper)),
    });
    const res = await t.page(`/p/${post.id}/info/newest/claps`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<dt>${storyInfoTexts.published}</dt>`);
    expect(res.body).toContain(`<dt>${storyInfoTexts.access}</dt><dd>${storyInfoTexts.everyone}</dd>`);
    expect(res.body).toContain('Clara Clapper');
    expect(res.body).toContain(`href="/p/${post.id}/info/newest/responses"`);
    expect(res.body).toContain(`href="/p/${post.id}/info/top/claps"`);
    expect(res.body).toMatch(/aria-current="page"[^>]*>Claps \(1\)</);
  });

  it('links each network’s share dialog with the story’s full address', async () => {
    const post = await buildPost(t.db.em(), { creator: await buildUser(t.db.em()), title: 'Share me' });
    const res = await t.page(`/p/${post.id}/share/twitter`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('href="https://twitter.com/intent/tweet?url=http');
    expect(res.body).toContain('>Share on X (Twitter)</a>');
    // The other networks are a click away.
    expect(res.body).toContain(`href="/p/${post.id}/share/facebook"`);
  });

  it('answer 404 for an unknown channel, an unknown story or one the reader may not see', async () => {
    const writer = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), { creator: writer });
    const draft = await buildPost(t.db.em(), { creator: writer, status: 'DRAFT' });
    for (const path of [
      `/p/${post.id}/share/myspace`,
      '/p/0123456789ab/upvotes',
      `/p/${draft.id}/responses`,
      `/p/${draft.id}/share/twitter`,
      `/p/${draft.id}/info`,
      `/p/${post.id}/info/loudest/claps`,
      `/p/${post.id}/info/top/bookmarks`,
    ]) {
      expect((await t.page(path)).statusCode, path).toBe(404);
    }
  });
});

describe('private notes in pages and GraphQL (spec §2 /p/{postId}/notes[/{noteId}], /p/notereplies/{replyId})', () => {
  it('never put a note in a page, and reach the writer alone through GraphQL', async () => {
    const writer = await buildUser(t.db.em());
    const reader = await buildUser(t.db.em());
    const stranger = await buildUser(t.db.em());
    const post = await buildPost(t.db.em(), {
      creator: writer,
      content: { paragraphs: [{ name: 'q1', type: 'P', text: 'A passage to note on.', markups: [] }] },
    });
    const call = async (viewer: typeof writer, path: string, payload: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          payload,
          headers: authHeaders(await buildSession(t.db.em(), viewer)),
        })
      ).json().result.data;
    const note = await call(reader, 'notes.create', {
      postId: post.id,
      paragraphName: 'q1',
      startOffset: 2,
      endOffset: 9,
      content: 'A note for your eyes only.',
    });
    const reply = await call(writer, 'notes.reply', { noteId: note.id, content: 'A reply for yours.' });
    for (const viewer of [stranger, reader, writer]) {
      const token = await buildSession(t.db.em(), viewer);
      for (const path of [
        `/p/${post.id}/notes`,
        `/p/${post.id}/notes/${note.id}`,
        `/p/notereplies/${reply.id}`,
      ]) {
        const res = await t.page(path, token);
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).not.toContain('for your eyes only');
        expect(res.body, path).not.toContain('A reply for yours');
      }
    }
    const widget = async (viewer: typeof writer) =>
      JSON.stringify(
        (
          await t.gql(
            'NotificationsWidgetQuery',
            { pagingOptions: { limit: 10 } },
            authHeaders(await buildSession(t.db.em(), viewer)),
          )
        ).json(),
      );
    expect(await widget(writer)).toContain('for your eyes only');
    expect(await widget(stranger)).not.toContain('for your eyes only');
  });
});

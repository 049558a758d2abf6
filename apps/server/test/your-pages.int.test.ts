import {
  FollowCollection,
  FollowTag,
  FollowUser,
  MuteUser,
  Notification,
  ReadingHistory,
  Tag,
} from '@quire/db';
import { yourPagesTexts } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildSession,
  buildUser,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

/* The viewer's own pages rendered by the server (spec §2 Your pages and Settings mute). */

const t = useTestApp();

const { page } = t;

const PATHS = [
  '/me/following',
  '/me/following/publications',
  '/me/following/topics',
  '/me/following/suggestions',
  '/me/settings/mute',
  '/me/settings/mute/publications',
  '/me/readinghistory',
  '/me/publications',
  '/me/notifications',
];

describe('your pages (spec §2 /me/following…, /me/readinghistory, /me/publications, /me/settings/mute)', () => {
  it('are real pages that ask a visitor to sign in and come back', async () => {
    for (const url of PATHS) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`href="/m/signin?redirect=${encodeURIComponent(url)}"`);
    }
  });

  it('show the viewer what they follow, muted, read and belong to', async () => {
    const em = t.db.em();
    const viewer = await buildUser(em);
    const writer = await buildUser(em, { name: 'Grace Followed' });
    const loud = await buildUser(em, { name: 'Loud Muted' });
    const publication = await buildCollection(em, { creator: writer, name: 'Harbour Notes' });
    const own = await buildCollection(em, { creator: writer, name: 'Viewer Writes Here' });
    await addCollectionMember(em, own, viewer, 'EDITOR');
    const tag = em.create(Tag, { slug: `your-pages-${Date.now().toString(36)}`, name: 'Lighthouses' });
    const story = await buildPost(em, { creator: writer, title: 'A story once opened' });
    em.create(FollowUser, { follower: viewer, target: writer });
    em.create(FollowCollection, { follower: viewer, collection: publication });
    em.create(FollowTag, { follower: viewer, tag });
    em.create(MuteUser, { user: viewer, target: loud });
    const now = new Date();
    em.create(ReadingHistory, { user: viewer, post: story, firstViewedAt: now, lastViewedAt: now });
    em.create(Notification, {
      recipient: viewer,
      actor: writer,
      notificationType: 'users_following_you',
      activityType: 'users_following_you',
      occurredAt: now,
    });
    await em.flush();
    const token = await buildSession(em, viewer);

    const expected: Record<string, string> = {
      '/me/following': 'Grace Followed',
      '/me/following/publications': 'Harbour Notes',
      '/me/following/topics': 'Lighthouses',
      '/me/settings/mute': 'Loud Muted',
      '/me/readinghistory': 'A story once opened',
      '/me/publications': 'Viewer Writes Here',
      '/me/notifications': 'Grace Followed',
    };
    for (const [url, text] of Object.entries(expected)) {
      const res = await page(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(text);
    }
    const publications = await page('/me/publications', token);
    expect(publications.body).toContain(yourPagesTexts.roles.EDITOR);
    const emptyMuted = await page('/me/settings/mute/publications', token);
    expect(emptyMuted.body).toContain(yourPagesTexts.mutedEmpty.publications);
  });

  it('answer 404 for a tab that does not exist', async () => {
    const token = await buildSession(t.db.em(), await buildUser(t.db.em()));
    expect((await page('/me/following/nonsense', token)).statusCode).toBe(404);
    expect((await page('/me/settings/mute/nonsense', token)).statusCode).toBe(404);
  });
});

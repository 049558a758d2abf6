import { Collection, FeaturePage, FollowUser } from '@quire/db';
import { buildCollection, buildPost, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

describe('a publication by its id and its older paths (spec §2 /c/{collectionId}, /{collectionSlug}/load-more)', () => {
  it('answers 301 from /c/{id} to the publication, the query kept; unknown ones, and private ones to all but their members, stay 404', async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner, slug: 'by-id-mag' });
    const res = await t.page(`/c/${publication.id}?source=share`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/by-id-mag?source=share');
    expect((await t.page('/c/0123456789abcdef')).statusCode).toBe(404);
    const hidden = await buildCollection(em, { creator: owner, slug: 'hidden-mag' });
    await em.nativeUpdate(Collection, hidden.id, { visibility: 'PRIVATE' });
    expect((await t.page(`/c/${hidden.id}`)).statusCode).toBe(404);
    // Its members are sent on to it; other signed-in readers are not told it exists.
    const asOwner = await t.page(`/c/${hidden.id}`, await buildSession(em, owner));
    expect(asOwner.statusCode).toBe(301);
    expect(asOwner.headers.location).toBe('/hidden-mag');
    const stranger = await buildUser(em);
    expect((await t.page(`/c/${hidden.id}`, await buildSession(em, stranger))).statusCode).toBe(404);
  });

  it("shows a feature page named 'audience' at its address, which has the shape of a writer's audience page", async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, { creator: owner, slug: 'audience-mag' });
    const story = await buildPost(em, {
      creator: owner,
      collection: publication,
      title: 'Chosen for readers',
    });
    em.create(FeaturePage, {
      collection: publication,
      slug: 'audience',
      title: 'For our readers',
      postIds: [story.id],
    });
    await em.flush();
    const res = await t.page('/audience-mag/audience/home');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('For our readers');
    expect(res.body).toContain('Chosen for readers');
    expect((await t.page('/audience-mag/no-such-page/home')).statusCode).toBe(404);
  });

  it('shows the publication home at /load-more', async () => {
    const em = t.db.em();
    const owner = await buildUser(em);
    const publication = await buildCollection(em, {
      creator: owner,
      slug: 'load-more-mag',
      name: 'Load More Mag',
    });
    await buildPost(em, { creator: owner, collection: publication, title: 'A story to page through' });
    const res = await t.page('/load-more-mag/load-more');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('A story to page through');
  });

  it('shows a writer’s followers and following from within a publication; an unknown publication is a 404', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Wanda Writer' });
    const fan = await buildUser(em, { name: 'Fiona Fan' });
    em.create(FollowUser, { follower: fan, target: writer });
    await em.flush();
    await buildCollection(em, { creator: writer, slug: 'writers-mag' });
    const followers = await t.page(`/writers-mag/@${writer.username}/followers`);
    expect(followers.statusCode).toBe(200);
    expect(followers.body).toContain('Fiona Fan');
    const following = await t.page(`/writers-mag/@${fan.username}/following`);
    expect(following.statusCode).toBe(200);
    expect(following.body).toContain('Wanda Writer');
    expect((await t.page(`/no-such-mag/@${writer.username}/followers`)).statusCode).toBe(404);
  });
});

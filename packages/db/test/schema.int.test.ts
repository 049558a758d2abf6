import { describe, expect, it } from 'vitest';
// packages/db cannot list the harness as a dependency (the harness depends on @quire/db), so import it by path.
import { useTestDatabase } from '../../../tooling/test/src/index';
import {
  Block,
  Catalog,
  CatalogItem,
  Charge,
  Clap,
  FollowUser,
  Notification,
  Post,
  PostTag,
  Tag,
  TaxDocument,
  User,
} from '../src/index';

const db = useTestDatabase();

async function makeUser(label: string) {
  const em = db.em();
  const user = em.create(User, {
    name: label,
    username: `${label}-${Math.random().toString(36).slice(2, 10)}`,
  });
  await em.flush();
  return user;
}

async function makePost(creatorId: string) {
  const em = db.em();
  const post = em.create(Post, {
    creator: creatorId,
    uniqueSlug: `story-${Math.random().toString(36).slice(2)}`,
  });
  await em.flush();
  return post;
}

/** Runs raw SQL and returns the PostgreSQL error message, or null when it succeeded. */
async function sqlError(sql: string, params: unknown[] = []): Promise<string | null> {
  try {
    await db.em().getConnection().execute(sql, params);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('schema', () => {
  it('matches the entities exactly (no migration is missing)', async () => {
    const diff = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('fills defaults for counters, booleans, enums and jsonb', async () => {
    const user = await makeUser('defaults');
    const post = await makePost(user.id);
    const loaded = await db.em().findOneOrFail(Post, post.id);
    expect(loaded.status).toBe('DRAFT');
    expect(loaded.clapCount).toBe(0);
    expect(loaded.isLocked).toBe(false);
    expect(loaded.content).toEqual({ paragraphs: [] });
    const reloadedUser = await db.em().findOneOrFail(User, user.id);
    expect(reloadedUser.mediumMemberAt).toBe(0);
    expect(reloadedUser.onboardingStatus).toBe('NOT_ONBOARDED');
  });

  it('rejects values outside a domain enumeration with a CHECK constraint', async () => {
    const user = await makeUser('enum');
    const post = await makePost(user.id);
    expect(await sqlError(`update posts set status = 'NOPE' where id = ?`, [post.id])).toMatch(
      /posts_status_check/,
    );
  });

  it('enforces uniques and checks on social rows', async () => {
    const a = await makeUser('a');
    const b = await makeUser('b');
    const post = await makePost(b.id);
    const em = db.em();
    em.create(Clap, { user: a.id, post: post.id, count: 50 });
    em.create(FollowUser, { follower: a.id, target: b.id });
    await em.flush();

    const dupClap = db.em();
    dupClap.create(Clap, { user: a.id, post: post.id, count: 1 });
    await expect(dupClap.flush()).rejects.toThrow(/claps_user_id_post_id_unique/);

    const tooMany = db.em();
    const other = await makePost(b.id);
    tooMany.create(Clap, { user: a.id, post: other.id, count: 51 });
    await expect(tooMany.flush()).rejects.toThrow(/claps_count_check/);

    const self = db.em();
    self.create(Block, { blocker: a.id, blocked: a.id });
    await expect(self.flush()).rejects.toThrow(/blocks_not_self_check/);
  });

  it('keeps one predefined list per kind per user and typed catalog items', async () => {
    const user = await makeUser('lists');
    const post = await makePost(user.id);
    const em = db.em();
    const list = em.create(Catalog, {
      creator: user.id,
      name: 'Reading list',
      type: 'PREDEFINED_LIST',
      predefined: 'READING_LIST',
    });
    em.create(CatalogItem, { catalog: list, itemType: 'POST', post: post.id });
    await em.flush();

    const second = db.em();
    second.create(Catalog, {
      creator: user.id,
      name: 'Again',
      type: 'PREDEFINED_LIST',
      predefined: 'READING_LIST',
    });
    await expect(second.flush()).rejects.toThrow(/catalogs_creator_id_predefined_unique/);

    const mismatched = db.em();
    mismatched.create(CatalogItem, { catalog: list.id, itemType: 'CATALOG', post: post.id });
    await expect(mismatched.flush()).rejects.toThrow(/catalog_items_target_check/);
  });

  it('stores the tax document status as its numeric value 0 to 4', async () => {
    const user = await makeUser('tax');
    const em = db.em();
    const doc = em.create(TaxDocument, { user: user.id, status: 3 });
    await em.flush();
    expect((await db.em().findOneOrFail(TaxDocument, doc.id)).status).toBe(3);
    expect(await sqlError('update tax_documents set status = 5 where id = ?', [doc.id])).toMatch(
      /tax_documents_status_check/,
    );
  });

  it('cascades owned rows and keeps history when a user is deleted', async () => {
    const author = await makeUser('author');
    const reader = await makeUser('reader');
    const post = await makePost(author.id);
    const em = db.em();
    const tag = em.create(Tag, { slug: `tag-${author.id}`, name: 'Tag' });
    em.create(PostTag, { post: post.id, tag });
    em.create(Clap, { user: reader.id, post: post.id });
    const response = em.create(Post, {
      creator: reader.id,
      uniqueSlug: `response-${reader.id}`,
      type: 'RESPONSE',
      inResponseToPost: post.id,
    });
    em.create(Notification, {
      recipient: reader.id,
      notificationType: 'post_published',
      activityType: 'post',
      actor: author.id,
      post: post.id,
      occurredAt: new Date(),
    });
    const charge = em.create(Charge, { user: author.id, amount: 500, currency: 'USD', provider: 'STRIPE' });
    await em.flush();

    await db.em().nativeDelete(User, { id: author.id });

    const after = db.em();
    expect(await after.count(Post, { id: post.id })).toBe(0);
    expect(await after.count(Clap, { post: post.id })).toBe(0);
    expect(await after.count(PostTag, { post: post.id })).toBe(0);
    expect(await after.count(Notification, { recipient: reader.id })).toBe(0);
    expect(await after.count(Tag, { id: tag.id })).toBe(1);
    const orphan = await after.findOneOrFail(Post, response.id);
    expect(orphan.inResponseToPost).toBeNull();
    const kept = await after.findOneOrFail(Charge, charge.id);
    expect(kept.user).toBeNull();
  });
});

import type { EntityManager } from '@mikro-orm/postgresql';
import { Post, type User } from '@quire/db';
import type { ConvertedStory } from '@quire/editor';
import { createDraft, publish, saveDraft } from '../stories/lifecycle';

/**
 * Makes a draft of an imported story for `viewer` with the same services the editor uses (createDraft, then an
 * autosave), its canonical link set to the original. Runs inside the caller's transaction.
 */
export async function createImportedDraft(
  em: EntityManager,
  viewer: User,
  story: ConvertedStory & { canonicalUrl: string | null },
  now: Date,
): Promise<{ id: string; latestRev: number }> {
  const draft = await createDraft(em, viewer, {});
  const saved = await saveDraft(
    em,
    viewer,
    { id: draft.id, baseRev: draft.latestRev, title: story.title, content: story.content },
    now,
  );
  const post = await em.findOneOrFail(Post, { id: draft.id });
  post.canonicalUrl = story.canonicalUrl;
  await em.flush();
  return { id: draft.id, latestRev: saved.__typename === 'Saved' ? saved.rev : draft.latestRev };
}

/** Makes and publishes a story as the site's Publish button does (public, all rights reserved, no topics). */
export async function publishImportedStory(
  em: EntityManager,
  viewer: User,
  story: ConvertedStory & { canonicalUrl: string | null },
  now: Date,
) {
  const draft = await createImportedDraft(em, viewer, story, now);
  const published = await publish(
    em,
    viewer,
    {
      id: draft.id,
      baseRev: draft.latestRev,
      topics: [],
      isLocked: false,
      license: 'ALL_RIGHTS_RESERVED',
      unlisted: false,
    },
    now,
  );
  return { id: draft.id, ...published };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { Collection, CollectionMember, Post, type User } from '@quire/db';
import {
  API_LICENSES,
  type ApiCreatePostInput,
  type ApiLicense,
  type ApiPublishStatus,
  apiErrorTexts,
  imageUrl,
  type PostContent,
} from '@quire/domain';
import { htmlToStory, markdownToHtml } from '@quire/editor';
import { TRPCError } from '@trpc/server';
import { authorize, can, enforce, loadPolicyViewer } from '../../policies';
import type { ServiceEnvironment } from '../environment';
import { storeOutsideImages } from '../import/import-images';
import { postPath } from '../posts';
import { createDraft, publish, saveDraft, setTopics } from '../stories/lifecycle';

/*
 * The /v1 API's operations (spec §2 third-party API routes, in the shape of Medium's public API). A token acts
 * as its user: each operation asks the same policy rules the site asks, and stories are made and published by
 * the site's own story services. Absolute URLs use the site's public address.
 */

type Env = Pick<ServiceEnvironment, 'publicUrl'> & Partial<Pick<ServiceEnvironment, 'storeImageFromUrl'>>;

const absolute = (env: Env, path: string) => `${env.publicUrl.replace(/\/$/, '')}${path}`;
const imageAt = (env: Env, id: string | null | undefined) => (id ? absolute(env, imageUrl(id)) : null);

/** The user object of GET /v1/me. */
export function apiUser(env: Env, user: User) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    url: absolute(env, `/@${encodeURIComponent(user.username)}`),
    imageUrl: imageAt(env, user.imageId),
  };
}

const publicationObject = (env: Env, c: Collection) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  url: absolute(env, `/${encodeURIComponent(c.slug)}`),
  imageUrl: imageAt(env, c.avatarId ?? c.logoId),
});

const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/** GET /v1/users/{userId}/publications: the publications the token's user belongs to, by name. */
export async function apiUserPublications(em: EntityManager, env: Env, viewer: User, userId: string) {
  // Medium's rule: a token lists only its own user's publications.
  if (userId !== viewer.id) throw forbidden(apiErrorTexts.notYourUser);
  const rows = await em.find(
    CollectionMember,
    { user: viewer.id },
    { populate: ['collection'], orderBy: { collection: { name: 'asc' }, id: 'asc' } },
  );
  const policy = await loadPolicyViewer(em, viewer);
  return rows
    .map((r) => r.collection)
    .filter((c) => can(policy, 'viewPublication', c))
    .map((c) => publicationObject(env, c));
}

/** GET /v1/publications/{publicationId}/contributors: its owner and editors as editors, its writers as writers. */
export async function apiContributors(em: EntityManager, viewer: User, publicationId: string) {
  const collection = await em.findOne(Collection, { id: publicationId });
  if (!collection) throw new TRPCError({ code: 'NOT_FOUND', message: apiErrorTexts.publicationNotFound });
  await enforce(em, viewer, 'viewPublication', collection);
  const members = await em.find(
    CollectionMember,
    { collection: collection.id, user: { isDeleted: false } },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return members.map((m) => ({
    publicationId: collection.id,
    userId: m.user.id,
    role: m.role === 'WRITER' ? ('writer' as const) : ('editor' as const),
  }));
}

/** Creative Commons deeds of the licenses; all rights reserved has none. */
const LICENSE_URLS: Record<ApiLicense, string | null> = {
  'all-rights-reserved': null,
  'cc-40-by': 'https://creativecommons.org/licenses/by/4.0/',
  'cc-40-by-sa': 'https://creativecommons.org/licenses/by-sa/4.0/',
  'cc-40-by-nd': 'https://creativecommons.org/licenses/by-nd/4.0/',
  'cc-40-by-nc': 'https://creativecommons.org/licenses/by-nc/4.0/',
  'cc-40-by-nc-nd': 'https://creativecommons.org/licenses/by-nc-nd/4.0/',
  'cc-40-by-nc-sa': 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
  'cc-40-zero': 'https://creativecommons.org/publicdomain/zero/1.0/',
  'public-domain': 'https://creativecommons.org/publicdomain/mark/1.0/',
};

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

/**
 * The post's title and paragraphs from its HTML or Markdown, by the editor's one converter, its outside images
 * fetched and stored as the viewer's uploads first.
 */
async function convert(
  em: EntityManager,
  env: Env,
  viewer: User,
  input: ApiCreatePostInput,
): Promise<{ title: string; content: PostContent }> {
  let html: string;
  try {
    html = input.contentFormat === 'html' ? input.content : markdownToHtml(input.content);
  } catch {
    throw badRequest(apiErrorTexts.contentUnreadable);
  }
  const images = await storeOutsideImages(em, viewer, html, { storeImage: env.storeImageFromUrl });
  let story: { title: string; content: PostContent };
  try {
    story = htmlToStory(html, { title: input.title, images });
  } catch {
    throw badRequest(apiErrorTexts.contentUnreadable);
  }
  if (!story.content.paragraphs.some((p) => p.text.trim() || p.type === 'IMG'))
    throw badRequest(apiErrorTexts.contentEmpty);
  return { title: input.title, content: story.content };
}

/** Where a new post goes: the token user's profile (their own id) or a publication. */
export type ApiPostTarget = { authorId: string } | { publicationId: string };

/**
 * POST /v1/users/{authorId}/posts and /v1/publications/{publicationId}/posts: makes a story from the post's
 * HTML or Markdown in one transaction, as the editor would (a draft, its text saved, then published, unlisted
 * or kept a draft by the site's publish). In a publication a writer's post goes to the editors for review, as
 * on the site, and is answered as a draft.
 */
export async function apiCreatePost(
  em: EntityManager,
  env: Env,
  viewer: User,
  target: ApiPostTarget,
  input: ApiCreatePostInput,
  now: Date,
) {
  if ('authorId' in target && target.authorId !== viewer.id) throw forbidden(apiErrorTexts.notYourUser);
  // Refused before any image is fetched for the post.
  let collection: Collection | null = null;
  if ('publicationId' in target) {
    collection = await em.findOne(Collection, { id: target.publicationId });
    if (!collection) throw new TRPCError({ code: 'NOT_FOUND', message: apiErrorTexts.publicationNotFound });
    const policy = await loadPolicyViewer(em, viewer);
    // A private publication the user is not in does not exist for them; one they cannot write for refuses.
    authorize(policy, 'viewPublication', collection);
    authorize(policy, 'writeForPublication', collection);
  }
  const story = await convert(em, env, viewer, input);
  return em.transactional(async (tx) => {
    const draft = await createDraft(tx, viewer, { collectionSlug: collection?.slug });
    const saved = await saveDraft(
      tx,
      viewer,
      { id: draft.id, baseRev: draft.latestRev, title: story.title, content: story.content },
      now,
    );
    if (saved.__typename !== 'Saved') throw new TRPCError({ code: 'CONFLICT', message: saved.message });
    const post = await tx.findOneOrFail(Post, { id: draft.id }, { populate: ['creator', 'collection'] });
    post.canonicalUrl = input.canonicalUrl ?? null;
    post.license = API_LICENSES[input.license];
    let status: ApiPublishStatus = 'draft';
    if (input.publishStatus === 'draft') {
      await setTopics(tx, post, input.tags);
    } else {
      const result = await publish(
        tx,
        viewer,
        {
          id: post.id,
          baseRev: saved.rev,
          title: story.title,
          topics: input.tags,
          collectionId: collection?.id ?? null,
          isLocked: false,
          license: API_LICENSES[input.license],
          unlisted: input.publishStatus === 'unlisted',
          emailSubscribers: input.notifyFollowers,
        },
        now,
      );
      if (result.__typename === 'Published') status = input.publishStatus;
    }
    await tx.flush();
    return {
      id: post.id,
      title: post.title,
      authorId: viewer.id,
      tags: input.tags.length ? await storyTagNames(tx, post.id) : [],
      url: absolute(env, postPath(post)),
      ...(post.canonicalUrl ? { canonicalUrl: post.canonicalUrl } : {}),
      publishStatus: status,
      ...(status !== 'draft' && post.firstPublishedAt
        ? { publishedAt: post.firstPublishedAt.getTime() }
        : {}),
      license: input.license,
      licenseUrl: LICENSE_URLS[input.license],
      ...(collection ? { publicationId: collection.id } : {}),
    };
  });
}

/** The names of a story's topics, in order. */
async function storyTagNames(em: EntityManager, postId: string): Promise<string[]> {
  const rows = await em.execute<{ name: string }[]>(
    'select t.name from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id = ? order by pt.position',
    [postId],
  );
  return rows.map((r) => r.name);
}

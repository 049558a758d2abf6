import type { RouterOutputs } from '@quire/api';
import { track, useSessionStore, useSusiStore, useToastStore } from '@quire/client-state';
import { generalTexts, socialMenuTexts, toastTexts } from '@quire/domain';
import { type InfiniteData, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback } from 'react';
import { useTRPC, useTRPCClient } from '../trpc';

/** Who a follow, mute, block or report is about. */
export interface SocialTarget {
  kind: 'user' | 'collection' | 'tag';
  id: string;
  name: string;
}

type Profile = RouterOutputs['profiles']['byUsername'];
type PublicationHome = RouterOutputs['publications']['home'];
type TopicHeader = RouterOutputs['topics']['bySlug'];
type Viewer = NonNullable<RouterOutputs['viewer']['me']>;

/** Spec §4 Follow/unfollow: the count after one follow (+1) or unfollow (−1), never below zero. */
export function stepCount(count: number, following: boolean): number {
  return Math.max(0, count + (following ? 1 : -1));
}

/** An entity with its follower count and the viewer's edge after (un)following; unchanged if already so. */
export function withFollowing<T extends { followerCount: number; viewerEdge: { isFollowing: boolean } }>(
  entity: T,
  following: boolean,
): T {
  if (entity.viewerEdge.isFollowing === following) return entity;
  return {
    ...entity,
    followerCount: stepCount(entity.followerCount, following),
    viewerEdge: { ...entity.viewerEdge, isFollowing: following },
  };
}

/** The text to show for a failed call: the server's own message, or 'Please try again.' when none came back. */
export function failureMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.data && error.message) return error.message;
  if (isServerRefusal(error)) return error.message;
  return generalTexts.tryAgain;
}

/** Refusals (4xx) whose texts are ours to show; a failure of ours (5xx) never shows its own text. */
const REFUSAL_CODES = new Set([
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PRECONDITION_FAILED',
  'TOO_MANY_REQUESTS',
]);

/** During the server render procedures run in-process, so a refusal arrives as the server's own error. */
function isServerRefusal(error: unknown): error is Error {
  return (
    error instanceof Error &&
    error.name === 'TRPCError' &&
    REFUSAL_CODES.has(String((error as { code?: unknown }).code))
  );
}

/** Shows a toast (spec §4 Toasts: one at a time, the new one replaces the current), MESSAGE style by default. */
export function toast(
  message: string,
  toastStyle?:
    | 'MUTE_ENTITY'
    | 'UNFOLLOW_ENTITY'
    | 'ERROR'
    | 'HIDE_POST_RESPONSE'
    | 'HIDE_CATALOG_RESPONSE'
    | 'PUBLISH_RESPONSE',
  action?: { label: string; run: () => void },
) {
  useToastStore
    .getState()
    .show(message, { ...(toastStyle ? { toastStyle } : {}), ...(action ? { action } : {}) });
}

/** Spec §4: signed-out visitors get the sign-up flow instead of the action, coming back to this page. */
export function openSignUp() {
  const here = `${window.location.pathname}${window.location.search}`;
  useSusiStore.getState().open(undefined, 'register', null, { redirect: here });
}

type Trpc = ReturnType<typeof useTRPC>;

/** Applies `change` to every cached copy of the profile of user `id`. */
function updateProfile(
  queryClient: QueryClient,
  trpc: Trpc,
  id: string,
  change: (profile: Profile) => Profile,
) {
  queryClient.setQueriesData<Profile>({ queryKey: trpc.profiles.byUsername.pathKey() }, (old) =>
    old && old.id === id ? change(old) : old,
  );
}

/** Applies `change` to every cached page of the home of publication `id` (each page carries the publication). */
function updatePublication(
  queryClient: QueryClient,
  trpc: Trpc,
  id: string,
  change: (page: PublicationHome) => PublicationHome,
) {
  queryClient.setQueriesData<InfiniteData<PublicationHome>>(
    { queryKey: trpc.publications.home.pathKey() },
    (old) => (old ? { ...old, pages: old.pages.map((page) => (page.id === id ? change(page) : page)) } : old),
  );
}

/** Remembers every cached query under `keys`; the function returned puts them back as they were. */
function snapshotOf(queryClient: QueryClient, keys: QueryKey[]) {
  const saved = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
  return () => {
    for (const [queryKey, data] of saved) queryClient.setQueryData(queryKey, data);
  };
}

/** Puts cached copies of the followed entity (and the viewer's own counts) in the `following` state. */
function setFollowingEverywhere(
  queryClient: QueryClient,
  trpc: Trpc,
  target: Pick<SocialTarget, 'kind' | 'id'>,
  following: boolean,
) {
  if (target.kind === 'user') {
    queryClient.setQueriesData<Profile>({ queryKey: trpc.profiles.byUsername.pathKey() }, (old) => {
      if (!old) return old;
      if (old.id === target.id) return withFollowing(old, following);
      // The viewer's own profile shows how many they follow.
      if (old.viewerEdge.isUser) return { ...old, followingCount: stepCount(old.followingCount, following) };
      return old;
    });
    queryClient.setQueryData<Viewer | null>(trpc.viewer.me.queryKey(), (old) =>
      old
        ? {
            ...old,
            socialStats: {
              ...old.socialStats,
              followingCount: stepCount(old.socialStats.followingCount, following),
            },
          }
        : old,
    );
    queryClient.setQueryData(trpc.social.userEdge.queryKey({ userId: target.id }), (old) =>
      old ? { ...old, isFollowing: following } : old,
    );
  } else if (target.kind === 'tag') {
    updateTopic(queryClient, trpc, target.id, (topic) => withFollowing(topic, following));
  } else {
    updatePublication(queryClient, trpc, target.id, (page) => withFollowing(page, following));
    queryClient.setQueryData(trpc.social.collectionEdge.queryKey({ collectionId: target.id }), (old) =>
      old ? { ...old, isFollowing: following } : old,
    );
  }
}

type UserResult = RouterOutputs['social']['followUser'];
type CollectionResult = RouterOutputs['social']['followCollection'];

/** A cached entity updated with what the server answered: its follower count and the viewer's edge. */
function withAnswer<T extends { followerCount: number; viewerEdge: object }>(
  entity: T,
  result: UserResult | CollectionResult,
): T {
  const { id: _edgeId, ...edge } = result.viewerEdge;
  return { ...entity, followerCount: result.followerCount, viewerEdge: { ...entity.viewerEdge, ...edge } };
}

/** Writes what the server answered about a user into every cached copy (counts and viewer edge). */
function writeUser(queryClient: QueryClient, trpc: Trpc, result: UserResult) {
  updateProfile(queryClient, trpc, result.id, (profile) => withAnswer(profile, result));
  queryClient.setQueryData(trpc.social.userEdge.queryKey({ userId: result.id }), result.viewerEdge);
}

/** Applies `change` to every cached copy of the header of topic `id`. */
function updateTopic(
  queryClient: QueryClient,
  trpc: Trpc,
  id: string,
  change: (topic: TopicHeader) => TopicHeader,
) {
  queryClient.setQueriesData<TopicHeader>({ queryKey: trpc.topics.bySlug.pathKey() }, (old) =>
    old && old.id === id ? change(old) : old,
  );
}

/** Writes what the server answered about a publication into every cached copy. */
function writeCollection(queryClient: QueryClient, trpc: Trpc, result: CollectionResult) {
  updatePublication(queryClient, trpc, result.id, (page) => withAnswer(page, result));
  queryClient.setQueryData(
    trpc.social.collectionEdge.queryKey({ collectionId: result.id }),
    result.viewerEdge,
  );
}

/** Runs `call`; a failure puts the caches back (`rollback`) and shows the server's message. True on success. */
export async function attempt(call: () => Promise<unknown>, rollback?: () => void): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    rollback?.();
    toast(failureMessage(error), 'ERROR');
    return false;
  }
}

/**
 * Spec §4 Follow/unfollow, optimistic: the caches change at once, the call follows, and a failure puts every
 * cached copy back as it was. Resolves to whether the call succeeded.
 */
export function useFollowAction(target: SocialTarget) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { kind, id } = target;
  return useCallback(
    async (following: boolean): Promise<boolean> => {
      const keys: QueryKey[] =
        kind === 'user'
          ? [trpc.profiles.byUsername.pathKey(), trpc.viewer.me.queryKey(), trpc.social.userEdge.pathKey()]
          : kind === 'tag'
            ? [trpc.topics.bySlug.pathKey()]
            : [trpc.publications.home.pathKey(), trpc.social.collectionEdge.pathKey()];
      // A refetch landing mid-call would overwrite the optimistic state with the old one.
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const rollback = snapshotOf(queryClient, keys);
      setFollowingEverywhere(queryClient, trpc, { kind, id }, following);
      return attempt(async () => {
        if (kind === 'user') {
          const input = { targetUserId: id };
          const call = following ? client.social.followUser : client.social.unfollowUser;
          writeUser(queryClient, trpc, await call.mutate(input));
        } else if (kind === 'tag') {
          const call = following ? client.social.followTag : client.social.unfollowTag;
          const answer = await call.mutate({ tagId: id });
          updateTopic(queryClient, trpc, id, (topic) => ({
            ...topic,
            followerCount: answer.followerCount,
            viewerEdge: answer.viewerEdge,
          }));
        } else {
          const input = { targetCollectionId: id };
          const call = following ? client.social.followCollection : client.social.unfollowCollection;
          writeCollection(queryClient, trpc, await call.mutate(input));
        }
      }, rollback);
    },
    [trpc, client, queryClient, kind, id],
  );
}

/**
 * Spec §4 Mute/unmute, Block/unblock and Report for the menus: each call writes the server's answer into the
 * caches and shows the spec §8 toast; failures show the server's message. Block is optimistic (spec §4).
 */
export function useModerationActions(target: SocialTarget) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { kind, id, name } = target;
  const mute = useCallback(
    (muted: boolean) =>
      attempt(async () => {
        if (kind === 'user') {
          const input = { targetUserId: id };
          writeUser(
            queryClient,
            trpc,
            await (muted ? client.social.muteUser : client.social.unmuteUser).mutate(input),
          );
        } else {
          const input = { targetCollectionId: id };
          const call = muted ? client.social.muteCollection : client.social.unmuteCollection;
          writeCollection(queryClient, trpc, await call.mutate(input));
        }
        if (kind === 'user') track(muted ? 'user.muted' : 'user.unmuted', { targetUserId: id });
        else track(muted ? 'collection.muted' : 'collection.unmuted', { collectionId: id });
        toast(muted ? toastTexts.muted(name) : toastTexts.unmuted(name), 'MUTE_ENTITY');
      }),
    [kind, id, name, client, queryClient, trpc],
  );

  const setBlockingOptimistically = useCallback(
    (blocking: boolean) => {
      const rollback = snapshotOf(queryClient, [trpc.profiles.byUsername.pathKey()]);
      updateProfile(queryClient, trpc, id, (old) => ({
        ...old,
        viewerEdge: { ...old.viewerEdge, isBlocking: blocking },
      }));
      return rollback;
    },
    [trpc, queryClient, id],
  );

  const block = useCallback(
    (blocked: boolean) => {
      const rollback = setBlockingOptimistically(blocked);
      return attempt(async () => {
        const call = blocked ? client.social.blockUser : client.social.unblockUser;
        writeUser(queryClient, trpc, await call.mutate({ targetUserId: id }));
        // Blocking drops follows both ways: the viewer's own counts are refetched.
        if (blocked) void queryClient.invalidateQueries({ queryKey: trpc.viewer.me.queryKey() });
        toast(blocked ? toastTexts.blockedUser : toastTexts.unblockedUser);
      }, rollback);
    },
    [setBlockingOptimistically, client, queryClient, trpc, id],
  );

  const report = useCallback(
    (alsoBlock: boolean) =>
      attempt(async () => {
        if (kind === 'user') {
          const result = await client.social.reportUser.mutate({
            targetUserId: id,
            alsoBlockUser: alsoBlock,
          });
          writeUser(queryClient, trpc, result);
          if (alsoBlock) void queryClient.invalidateQueries({ queryKey: trpc.viewer.me.queryKey() });
          toast(toastTexts.reportedUser);
        } else {
          writeCollection(
            queryClient,
            trpc,
            await client.social.reportCollection.mutate({ targetCollectionId: id }),
          );
          toast(socialMenuTexts.reportedPublication);
        }
      }),
    [kind, id, client, queryClient, trpc],
  );

  return { mute, block, report };
}

/**
 * Spec §4 Follow/unfollow as the button and the menus do it: signed-out visitors get the sign-up flow; a change
 * is sent optimistically (`onStart` runs just before), then tracked (user.followed / user.unfollowed) and confirmed with the §8 toast.
 * Resolves to whether the change took effect.
 */
export function useFollowToggle(target: SocialTarget, followSource: string) {
  const follow = useFollowAction(target);
  const { kind, id, name } = target;
  return useCallback(
    async (following: boolean, onStart?: () => void): Promise<boolean> => {
      if (!useSessionStore.getState().isLoggedIn) {
        openSignUp();
        return false;
      }
      onStart?.();
      if (!(await follow(following))) return false;
      if (kind === 'user') {
        track(following ? 'user.followed' : 'user.unfollowed', { targetUserId: id, followSource });
      }
      if (following) toast(toastTexts.nowFollowing(name));
      else toast(toastTexts.unfollowed(name), 'UNFOLLOW_ENTITY');
      return true;
    },
    [follow, kind, id, name, followSource],
  );
}

import type { appRouter } from '@quire/api';
import { authResolvers } from './auth-resolvers';
import { cacheResolvers } from './cache-schema';
import { edgesResolvers } from './edges-schema';
import { giftsResolvers } from './gifts-schema';
import { notificationsResolvers } from './notifications-schema';
import { publicationResolvers } from './publication-schema';
import { searchResolvers } from './search-schema';
import { socialResolvers } from './social-schema';
import { viewerResolvers } from './viewer-schema';

/** What each resolver receives: a tRPC caller bound to the request's context. */
export interface ShimContext {
  caller: ReturnType<typeof appRouter.createCaller>;
}

type ViewerResult = Awaited<ReturnType<ShimContext['caller']['viewer']['me']>>;

/** Resolvers only translate shapes; all logic lives behind the tRPC routers. */
type ResponsesPaging = { limit?: number | null; to?: string | null };
type ResponseSort = 'MOST_RELEVANT' | 'NEWEST';

/** A page request as the tRPC procedures take it. */
const pageArgs = (paging: ResponsesPaging | null | undefined, sort: ResponseSort | null | undefined) => ({
  cursor: paging?.to,
  limit: paging?.limit ?? undefined,
  sort: sort ?? undefined,
});

/** A page of responses (to a story, a response or a list) in the spec's threaded shape. */
function threaded(page: Awaited<ReturnType<ShimContext['caller']['posts']['responses']>>) {
  return {
    postResponses: { count: page.responsesCount },
    pagingInfo: { next: page.next ? { limit: page.limit, to: page.next } : null },
    posts: page.responses.map((r) => ({
      ...r,
      latestPublishedAt: r.publishedAt,
      paragraphs: r.paragraphs.map((p) => ({ name: p.name, text: p.text ?? '' })),
      postResponses: { count: r.responsesCount },
    })),
  };
}

export const resolvers = {
  ...authResolvers,
  Query: {
    ...authResolvers.Query,
    ...cacheResolvers,
    ...viewerResolvers.Query,
    ...publicationResolvers.Query,
    ...notificationsResolvers.Query,
    ...edgesResolvers.Query,
    threadedPostResponses: async (
      _: unknown,
      args: { postId: string; postResponsesPaging?: ResponsesPaging | null; sortType?: ResponseSort | null },
      ctx: ShimContext,
    ) =>
      threaded(
        await ctx.caller.posts.responses({
          postId: args.postId,
          ...pageArgs(args.postResponsesPaging, args.sortType),
        }),
      ),
    threadedCatalogResponses: async (
      _: unknown,
      args: { catalogId: string; paging?: ResponsesPaging | null; sortType?: ResponseSort | null },
      ctx: ShimContext,
    ) =>
      threaded(
        await ctx.caller.lists.responses({
          catalogId: args.catalogId,
          ...pageArgs(args.paging, args.sortType),
        }),
      ),
    viewer: (_: unknown, __: unknown, ctx: ShimContext) => ctx.caller.viewer.me(),
    visitor: (_: unknown, __: unknown, ctx: ShimContext) => ctx.caller.viewer.visitor(),
    variantFlags: (_: unknown, __: unknown, ctx: ShimContext) => ctx.caller.flags.variantFlags(),
  },
  Mutation: {
    ...authResolvers.Mutation,
    ...viewerResolvers.Mutation,
    ...notificationsResolvers.Mutation,
    ...socialResolvers.Mutation,
    ...searchResolvers.Mutation,
    ...giftsResolvers.Mutation,
    deletePost: (_: unknown, args: { targetPostId: string }, ctx: ShimContext) =>
      ctx.caller.posts.delete(args),
    undeletePost: (_: unknown, args: { targetPostId: string }, ctx: ShimContext) =>
      ctx.caller.posts.undelete(args),
    unhidePostResponseOnParentPost: (
      _: unknown,
      args: { parentPostId: string; postResponseId: string },
      ctx: ShimContext,
    ) => ctx.caller.posts.unhideResponse(args),
    showCatalogResponseOnParent: async (
      _: unknown,
      args: { parentCatalogId: string; catalogResponseId: string },
      ctx: ShimContext,
    ) =>
      ctx.caller.lists.setResponseHidden({
        catalogId: args.parentCatalogId,
        responseId: args.catalogResponseId,
        hidden: false,
      }),
    setUserStyleReminderSeen: (_: unknown, __: unknown, ctx: ShimContext) =>
      ctx.caller.viewer.setStyleReminderSeen(),
  },
  Notification: notificationsResolvers.Notification,
  NotificationRollupItem: notificationsResolvers.NotificationRollupItem,
  AdminCollection: {
    avatar: (c: NonNullable<ViewerResult>['adminCollections'][number]) => ({ id: c.avatarId }),
  },
};

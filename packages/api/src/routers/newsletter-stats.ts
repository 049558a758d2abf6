import { newsletterIssueStatsInput, newsletterPostsInput } from '@quire/domain';
import { newsletterIssueStats, newsletterPastPosts } from '../services/newsletters/issue-stats';
import { authedProcedure, publicProcedure, router } from '../trpc';

/** Spec §2 Newsletters: an issue's numbers for the newsletter's managers, and its past public issues for anyone. */
export const newsletterStatsRouter = router({
  /** /newsletters/{newsletterV3Id}/stats: the issues with sent, delivered, opens, clicks and unsubscribes. */
  issues: authedProcedure
    .input(newsletterIssueStatsInput)
    .query(({ ctx, input }) => newsletterIssueStats(ctx.em, ctx.viewer, input)),
  /** /_api/newsletters/{newsletterV3Id}/posts: past issues that are public stories. */
  pastPosts: publicProcedure
    .input(newsletterPostsInput)
    .query(({ ctx, input }) => newsletterPastPosts(ctx.em, ctx.viewer, input)),
});

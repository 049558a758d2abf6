import { z } from 'zod';
import { newsletterIdInput } from './newsletter-admin-input';

/* The newsletter stats procedures' input, apart from newsletter-sending.ts so pages load no validation library. */

/** A newsletter's past public issues (spec §2 /_api/newsletters/{newsletterV3Id}/posts). */
export const newsletterPostsInput = z.object({ newsletterId: newsletterIdInput });

/** A page of a newsletter's issue stats (spec §2 /newsletters/{newsletterV3Id}/stats), after the page before. */
export const newsletterIssueStatsInput = z.object({
  newsletterId: newsletterIdInput,
  cursor: newsletterIdInput.nullish(),
});

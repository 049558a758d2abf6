import { textInput } from '@quire/domain';
import { z } from 'zod';
import {
  NOTIFICATION_CURSOR,
  NOTIFICATIONS_PAGE_MAX,
  notificationPage,
  openBell,
  unreadCount,
} from '../services/notifications';
import { authedProcedure, router } from '../trpc';

/** Spec §3 paging info / §7 NotificationsWidgetQuery pagingOptions: a previous `next`, or nothing for page 1. */
const pagingOptions = z
  .object({
    limit: z
      .number()
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(NOTIFICATIONS_PAGE_MAX, `limit must be at most ${NOTIFICATIONS_PAGE_MAX}.`)
      .nullish(),
    page: z.number().int('page must be a whole number.').min(1, 'page must be at least 1.').nullish(),
    source: textInput().trim().max(64, 'source must be at most 64 characters.').nullish(),
    to: textInput().regex(NOTIFICATION_CURSOR, 'to must be the cursor of a previous page.').nullish(),
  })
  .nullish();

/** Spec §2 tabs: activity types such as 'response_created'; absent or empty means all. */
const activityTypes = z
  .array(
    textInput().regex(
      /^[a-z][a-z0-9_]{0,63}$/,
      'Each activity type is a lowercase name such as response_created.',
    ),
  )
  .max(50, 'At most 50 activity types.')
  .nullish();

export const notificationsRouter = router({
  /** Spec §7 UnreadNotificationCount / NotificationsBadgeQuery: the bell's unread count. */
  unreadCount: authedProcedure.query(({ ctx }) => unreadCount(ctx.em, ctx.viewer.id)),

  /** Spec §7 NotificationsWidgetQuery: one page of the viewer's own notifications. */
  list: authedProcedure
    // `cursor` is where tRPC infinite queries put the previous page's `next`; it wins over pagingOptions.
    .input(z.object({ pagingOptions, activityTypes, cursor: pagingOptions }))
    .query(({ ctx, input }) =>
      notificationPage(ctx.em, ctx.viewer, {
        ...(input.cursor ?? input.pagingOptions),
        activityTypes: input.activityTypes,
      }),
    ),

  /** Spec §7 NotificationCountMutation (updateActivityLastViewed): opening the bell marks everything seen. */
  markViewed: authedProcedure.mutation(({ ctx }) => openBell(ctx.em, ctx.viewer, ctx.now())),
});

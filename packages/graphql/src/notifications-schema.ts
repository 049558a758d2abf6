import type { ShimContext } from './resolvers';

/** SDL for spec §7 UnreadNotificationCount, NotificationsBadgeQuery, NotificationsWidgetQuery and NotificationCountMutation. */
export const notificationsTypeDefs = /* GraphQL */ `
  "Spec §3 notificationStatus."
  type NotificationStatus {
    unreadNotificationCount: Int!
  }
  "Who did it; null on a notification when the account was deleted ('Deleted user')."
  type NotificationActor {
    id: ID!
    name: String!
    username: String!
    imageId: String
  }
  type NotificationRollupItem {
    actor: NotificationActor
    "Epoch milliseconds."
    occurredAt: Float!
  }
  type NotificationPost {
    id: ID!
    title: String!
    mediumUrl: String!
  }
  type NotificationCollection {
    id: ID!
    name: String!
    slug: String!
  }
  type NotificationCatalog {
    id: ID!
    name: String!
    mediumUrl: String!
  }
  type NotificationQuoteParagraph {
    text: String!
    type: String!
  }
  type NotificationQuote {
    id: ID!
    startOffset: Int!
    endOffset: Int!
    paragraphs: [NotificationQuoteParagraph!]!
    "Cut to 50 characters (spec §5)."
    quoteParagraphPreview: String!
  }
  type NotificationNote {
    id: ID!
    content: String!
    "The name of the paragraph the note is anchored to."
    anchor: String!
  }
  type NotificationNoteReply {
    id: ID!
    content: String!
  }
  type NotificationResponsePost {
    id: ID!
    mediumUrl: String!
  }
  "Spec §3 Notification."
  type Notification {
    "A stable name for this notification (its id)."
    notificationName: ID!
    notificationType: String!
    activityType: String!
    isUnread: Boolean!
    "Epoch milliseconds."
    occurredAt: Float!
    actor: NotificationActor
    rollupItems: [NotificationRollupItem!]!
    milestoneArg: Int
    post: NotificationPost
    collection: NotificationCollection
    catalog: NotificationCatalog
    quote: NotificationQuote
    note: NotificationNote
    noteReply: NotificationNoteReply
    responsePost: NotificationResponsePost
    "Where the notification leads (a post, response, list, publication, profile or settings page)."
    href: String!
  }
  "Spec §3 paging info: send it back as pagingOptions for the next page."
  type NotificationPagingOptions {
    limit: Int!
    page: Int!
    source: String
    to: String
  }
  type NotificationPagingInfo {
    "Null on the last page."
    next: NotificationPagingOptions
  }
  type NotificationsConnection {
    notifications: [Notification!]!
    pagingInfo: NotificationPagingInfo!
  }
  input NotificationPagingOptionsInput {
    limit: Int
    page: Int
    source: String
    to: String
  }
  extend type Query {
    "The signed-in user's notification status; an error when signed out."
    notificationStatus: NotificationStatus!
    "The signed-in user's notifications, newest first; activityTypes filters (the Responses tab)."
    notificationsConnectionByActivityTypes(
      pagingOptions: NotificationPagingOptionsInput
      activityTypes: [String!]
    ): NotificationsConnection!
  }
  extend type Mutation {
    "Spec §4 notification bell: marks every notification so far as seen."
    updateActivityLastViewed: Boolean!
  }
`;

const STATUS = 'notificationStatus { unreadNotificationCount }';

/** Persisted documents under the spec §7 names. */
export const notificationsDocuments: Readonly<Record<string, string>> = {
  UnreadNotificationCount: `query UnreadNotificationCount { ${STATUS} }`,
  NotificationsBadgeQuery: `query NotificationsBadgeQuery { ${STATUS} }`,
  NotificationsWidgetQuery: /* GraphQL */ `
    query NotificationsWidgetQuery($pagingOptions: NotificationPagingOptionsInput, $activityTypes: [String!]) {
      notificationsConnectionByActivityTypes(pagingOptions: $pagingOptions, activityTypes: $activityTypes) {
        notifications {
          notificationName notificationType activityType isUnread occurredAt href milestoneArg
          actor { id name username imageId }
          rollupItems { actor { id name username imageId } occurredAt }
          post { id title mediumUrl }
          collection { id name slug }
          catalog { id name mediumUrl }
          quote { id startOffset endOffset paragraphs { text type } quoteParagraphPreview }
          note { id content anchor }
          noteReply { id content }
          responsePost { id mediumUrl }
        }
        pagingInfo { next { limit page source to } }
      }
    }`,
  NotificationCountMutation: `mutation NotificationCountMutation { updateActivityLastViewed }`,
};

interface PagingArgs {
  pagingOptions?: {
    limit?: number | null;
    page?: number | null;
    source?: string | null;
    to?: string | null;
  } | null;
  activityTypes?: string[] | null;
}

const epochMs = (iso: string) => new Date(iso).getTime();

/** Resolvers only translate shapes; the notifications router does the work. */
export const notificationsResolvers = {
  Query: {
    notificationStatus: async (_: unknown, __: unknown, ctx: ShimContext) => ({
      unreadNotificationCount: await ctx.caller.notifications.unreadCount(),
    }),
    notificationsConnectionByActivityTypes: (_: unknown, args: PagingArgs, ctx: ShimContext) =>
      ctx.caller.notifications.list({ pagingOptions: args.pagingOptions, activityTypes: args.activityTypes }),
  },
  Mutation: {
    updateActivityLastViewed: (_: unknown, __: unknown, ctx: ShimContext) =>
      ctx.caller.notifications.markViewed(),
  },
  Notification: {
    occurredAt: (n: { occurredAt: string }) => epochMs(n.occurredAt),
  },
  NotificationRollupItem: {
    occurredAt: (i: { occurredAt: string }) => epochMs(i.occurredAt),
  },
};

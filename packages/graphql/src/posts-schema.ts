/** SDL for spec §7's story mutations. */
export const postsTypeDefs = /* GraphQL */ `
  type DeletePostResult {
    "The toast text: '{title} moved to Trash. After 14 days, it'll be permanently deleted.'"
    message: String!
  }
  type UndeletePostResult {
    "The deleted-stories list with undeletedPost, undeletedPostId, undeletedPostTitle and tab."
    redirect: String!
  }
  "A response's place on its story after the story's author hid or showed it (the client then refetches)."
  type PostResponseVisibility {
    parentPostId: ID!
    postResponseId: ID!
    isHidden: Boolean!
  }
  "Spec §3 ResponseSortType (its values are not shown; ours)."
  enum ResponseSortType {
    MOST_RELEVANT
    NEWEST
  }
  input PostResponsesPaging {
    limit: Int
    "The next.to of a previous page."
    to: String
  }
  type PostResponsesPagingNext {
    limit: Int!
    to: String!
  }
  type PostResponsesPagingInfo {
    next: PostResponsesPagingNext
  }
  type PostResponseAuthor {
    id: ID!
    name: String!
    username: String!
  }
  type PostResponseParagraph {
    name: String!
    text: String!
  }
  "A response, or a reply to one (depth 1 to 3)."
  type PostResponse {
    id: ID!
    mediumUrl: String!
    latestPublishedAt: String!
    clapCount: Int!
    depth: Int!
    creator: PostResponseAuthor!
    paragraphs: [PostResponseParagraph!]!
    postResponses: PostResponsesCount!
  }
  type PostResponsesCount {
    count: Int!
  }
  type ThreadedPostResponses {
    postResponses: PostResponsesCount!
    pagingInfo: PostResponsesPagingInfo!
    posts: [PostResponse!]!
  }
  extend type Query {
    "Spec §7 threaded responses refetch: a story's responses, or a response's replies."
    threadedPostResponses(
      postId: ID!
      postResponsesPaging: PostResponsesPaging
      sortType: ResponseSortType
    ): ThreadedPostResponses!
    "Spec §7 catalog responses refetch: a list's responses (its replies are not threaded under lists)."
    threadedCatalogResponses(
      catalogId: ID!
      paging: PostResponsesPaging
      sortType: ResponseSortType
    ): ThreadedPostResponses!
  }
  extend type Mutation {
    deletePost(targetPostId: ID!): DeletePostResult!
    undeletePost(targetPostId: ID!): UndeletePostResult!
    unhidePostResponseOnParentPost(parentPostId: ID!, postResponseId: ID!): PostResponseVisibility!
    "Spec §7: the list's creator shows a response it hid (then refetch catalog responses)."
    showCatalogResponseOnParent(parentCatalogId: ID!, catalogResponseId: ID!): CatalogResponseVisibility!
  }
  "A response's place on its list after the list's creator hid or showed it."
  type CatalogResponseVisibility {
    parentCatalogId: ID!
    catalogResponseId: ID!
    isHidden: Boolean!
  }
`;

/** What both threaded-responses refetches select (a story's and a list's). */
const THREADED_RESPONSES_FIELDS = `postResponses { count }
      pagingInfo { next { limit to } }
      posts {
        id mediumUrl latestPublishedAt clapCount depth
        creator { id name username }
        paragraphs { name text }
        postResponses { count }
      }`;

export const postsDocuments: Readonly<Record<string, string>> = {
  ThreadedPostResponsesQuery: `query ThreadedPostResponsesQuery($postId: ID!, $postResponsesPaging: PostResponsesPaging, $sortType: ResponseSortType) {
    threadedPostResponses(postId: $postId, postResponsesPaging: $postResponsesPaging, sortType: $sortType) {
      ${THREADED_RESPONSES_FIELDS}
    }
  }`,
  CatalogResponsesQuery: `query CatalogResponsesQuery($catalogId: ID!, $paging: PostResponsesPaging, $sortType: ResponseSortType) {
    threadedCatalogResponses(catalogId: $catalogId, paging: $paging, sortType: $sortType) {
      ${THREADED_RESPONSES_FIELDS}
    }
  }`,
  showCatalogResponseOnParent: `mutation showCatalogResponseOnParent($parentCatalogId: ID!, $catalogResponseId: ID!) {
    showCatalogResponseOnParent(parentCatalogId: $parentCatalogId, catalogResponseId: $catalogResponseId) {
      parentCatalogId catalogResponseId isHidden
    }
  }`,
  deletePost: `mutation deletePost($targetPostId: ID!) { deletePost(targetPostId: $targetPostId) { message } }`,
  undeletePost: `mutation undeletePost($targetPostId: ID!) { undeletePost(targetPostId: $targetPostId) { redirect } }`,
  unhidePostResponseOnParentPost: `mutation unhidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    unhidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      parentPostId postResponseId isHidden
    }
  }`,
};

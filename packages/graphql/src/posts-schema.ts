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
  extend type Mutation {
    deletePost(targetPostId: ID!): DeletePostResult!
    undeletePost(targetPostId: ID!): UndeletePostResult!
    unhidePostResponseOnParentPost(parentPostId: ID!, postResponseId: ID!): PostResponseVisibility!
  }
`;

export const postsDocuments: Readonly<Record<string, string>> = {
  deletePost: `mutation deletePost($targetPostId: ID!) { deletePost(targetPostId: $targetPostId) { message } }`,
  undeletePost: `mutation undeletePost($targetPostId: ID!) { undeletePost(targetPostId: $targetPostId) { redirect } }`,
  unhidePostResponseOnParentPost: `mutation unhidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    unhidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      parentPostId postResponseId isHidden
    }
  }`,
};

export { type LatestStory, latestTitles, quireClient } from './node';
export { LatestStories, TRPCProvider, useTRPC } from './react';

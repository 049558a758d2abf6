export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from './root';
export { type PostCard, type PostPage, postPath } from './services/posts';
export { createSession, hashToken, randomToken, SESSION_TTL_MS, sessionFromToken } from './services/session';
export { type ViewerFields, viewerFields } from './services/viewer';
export { type Context, createContextInner, type VisitorInfo, zodMessage } from './trpc';

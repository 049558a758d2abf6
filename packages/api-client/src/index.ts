export {
  type ApiContributor,
  type ApiCreatePost,
  type ApiErrors,
  type ApiImage,
  type ApiPost,
  type ApiPublication,
  type ApiUser,
  createQuireClient,
  QuireApiError,
  type QuireClient,
  type QuireClientOptions,
  type RateLimit,
} from './client';
export { type OpenApiDocument, openApiDocument, type V1Document } from './openapi';
export type { FromSchema } from './schema-types';

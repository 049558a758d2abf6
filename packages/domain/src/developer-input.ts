import { z } from 'zod';
import { API_MAX_TAGS, API_TAG_MAX, API_TOKEN_NAME_MAX, developerTexts as texts } from './developer';
import { API_SCOPES } from './developer-model';
import type { License } from './enums';
import { textInput } from './text-input';

/* The developer platform's inputs (settings' integration tokens and the /v1 API), apart from developer.ts so
 * the reader's pages load no validation library. */

/** Spec §3 ids: 8 to 16 lowercase hex characters. */
const ID = /^[0-9a-f]{8,16}$/;

/** A scope a token may carry. */
export const apiScopeInput = z.enum(API_SCOPES, `scope must be one of ${API_SCOPES.join(', ')}.`);

/** A new integration token: its name and at least one scope. */
export const createIntegrationTokenInput = z.object({
  name: textInput().trim().min(1, texts.nameRequired).max(API_TOKEN_NAME_MAX),
  scopes: z.array(apiScopeInput).min(1, texts.scopesRequired).max(API_SCOPES.length),
});
export type CreateIntegrationTokenInput = z.infer<typeof createIntegrationTokenInput>;

/** Revoking one of one's tokens. */
export const revokeIntegrationTokenInput = z.object({
  tokenId: textInput().regex(ID, 'A token id is 8 to 16 hex characters.'),
});

/** An id in a /v1 path (a user's, a publication's). */
export const apiPathId = textInput().regex(ID, 'An id is 8 to 16 hex characters.');

/** Medium's license names, and the license each stands for here. */
export const API_LICENSES = {
  'all-rights-reserved': 'ALL_RIGHTS_RESERVED',
  'cc-40-by': 'CC_40_BY',
  'cc-40-by-sa': 'BY_SA',
  'cc-40-by-nd': 'BY_ND',
  'cc-40-by-nc': 'BY_NC',
  'cc-40-by-nc-nd': 'BY_NC_ND',
  'cc-40-by-nc-sa': 'BY_NC_SA',
  'cc-40-zero': 'CC_40_ZERO',
  'public-domain': 'PUBLIC_DOMAIN',
} as const satisfies Record<string, License>;
export type ApiLicense = keyof typeof API_LICENSES;
export const API_LICENSE_NAMES = Object.keys(API_LICENSES) as [ApiLicense, ...ApiLicense[]];

/** Medium's publish statuses. */
export const API_PUBLISH_STATUSES = ['public', 'draft', 'unlisted'] as const;
export type ApiPublishStatus = (typeof API_PUBLISH_STATUSES)[number];

/** The formats a post's content may come in. */
export const API_CONTENT_FORMATS = ['html', 'markdown'] as const;

/** An http(s) address (a post's canonical URL). */
const httpUrl = textInput()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'canonicalUrl must be an http or https address.');

/** The body of POST /v1/users/{authorId}/posts and /v1/publications/{publicationId}/posts (Medium's fields). */
export const apiCreatePostInput = z.object({
  title: textInput().trim().min(1, 'title is required.').max(300),
  contentFormat: z.enum(API_CONTENT_FORMATS, 'contentFormat must be html or markdown.'),
  content: textInput().min(1, 'content is required.'),
  tags: z
    .array(textInput().trim().min(1).max(API_TAG_MAX, `A tag is at most ${API_TAG_MAX} characters.`))
    .max(API_MAX_TAGS, `At most ${API_MAX_TAGS} tags.`)
    .default([]),
  canonicalUrl: httpUrl.nullish(),
  publishStatus: z
    .enum(API_PUBLISH_STATUSES, 'publishStatus must be public, draft or unlisted.')
    .default('public'),
  license: z
    .enum(API_LICENSE_NAMES, `license must be one of ${API_LICENSE_NAMES.join(', ')}.`)
    .default('all-rights-reserved'),
  notifyFollowers: z.boolean().default(true),
});
export type ApiCreatePostInput = z.infer<typeof apiCreatePostInput>;

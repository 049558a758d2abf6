import { z } from 'zod';
import { PUBLICATION_SLUG_PATTERN } from './publication-admin';
import { NAVIGATION_LIMITS as L, navigationTexts as texts } from './publication-navigation';
import { textInput } from './text-input';

/* The navigation and feature page forms' input, apart so the reader's pages load no validation library. */

const title = textInput()
  .trim()
  .min(1, { message: texts.titleRequired })
  .max(L.itemTitleMax, { message: texts.titleTooLong });
const pathSlug = (message: string) =>
  textInput()
    .trim()
    .toLowerCase()
    .min(1, { message })
    .max(60, { message })
    .regex(PUBLICATION_SLUG_PATTERN, { message });
const storyId = textInput().regex(/^[0-9a-f]{8,16}$/, { message: texts.noSuchStory });

/** One tab of the navigation bar, by its spec §3 nav item type. */
export const navItemInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TAG'), title, tagSlug: pathSlug(texts.tagMalformed) }),
  z.object({ type: z.literal('TOPIC_PAGE'), title, tagSlug: pathSlug(texts.noSuchPage) }),
  z.object({ type: z.literal('ABOUT'), title }),
  z.object({ type: z.literal('ARCHIVE'), title }),
  z.object({
    type: z.literal('EXTERNAL_LINK'),
    title,
    url: textInput()
      .trim()
      .max(L.urlMax, { message: texts.badUrl })
      .regex(/^https?:\/\/[^\s]+$/i, { message: texts.badUrl }),
  }),
  z.object({ type: z.literal('POST'), title, postId: storyId }),
]);
export type NavItemInput = z.infer<typeof navItemInput>;

export const navigationInput = z.object({
  collectionId: textInput().trim().min(1).max(16),
  items: z.array(navItemInput).max(L.itemsMax, { message: texts.tooManyItems }),
});

/** A feature page as its form sends it; `originalSlug` names the page being edited (none: a new one). */
export const featurePageInput = z.object({
  collectionId: textInput().trim().min(1).max(16),
  originalSlug: textInput().trim().max(60).nullable().default(null),
  slug: pathSlug(texts.pageSlugMalformed),
  title: textInput()
    .trim()
    .min(1, { message: texts.pageTitleRequired })
    .max(L.featurePageTitleMax, { message: texts.pageTitleTooLong }),
  description: textInput()
    .trim()
    .max(L.featurePageDescriptionMax, { message: texts.pageDescriptionTooLong })
    .default(''),
  postIds: z
    .array(storyId)
    .max(L.featurePageStoriesMax, { message: texts.tooManyStories })
    .transform((ids) => [...new Set(ids)]),
});
export type FeaturePageInput = z.infer<typeof featurePageInput>;

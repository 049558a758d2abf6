import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Collection } from './collection.entity';

/**
 * A publication's feature page (spec §2 /{collectionSlug}/{topicSlug}/home, /settings/feature-pages): stories its
 * editors chose, in their order, under a title at its own address.
 */
export const FeaturePageSchema = defineEntity({
  name: 'FeaturePage',
  tableName: 'collection_feature_pages',
  properties: {
    ...baseProperties,
    collection: () => p.manyToOne(Collection).deleteRule('cascade'),
    slug: p.string().length(60),
    title: p.string().length(100),
    description: p.string().length(300).default(''),
    /** The curated stories' ids, in the order readers see them. */
    postIds: p
      .json<string[]>()
      .onCreate(() => [])
      .defaultRaw("'[]'"),
  },
  uniques: [{ properties: ['collection', 'slug'] }],
});
export class FeaturePage extends FeaturePageSchema.class {}
FeaturePageSchema.setClass(FeaturePage);

import { defineEntity, p } from '@mikro-orm/core';
import { CatalogItemType } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { Post } from '../posts/post.entity';
import { Catalog } from './catalog.entity';

/** Spec §3 Catalog items (by catalogItemId): a story or another list in a list. */
export const CatalogItemSchema = defineEntity({
  name: 'CatalogItem',
  tableName: 'catalog_items',
  properties: {
    ...baseProperties,
    catalog: () => p.manyToOne(Catalog).deleteRule('cascade'),
    itemType: enumOf(CatalogItemType),
    post: () => p.manyToOne(Post).nullable().deleteRule('cascade').index(),
    targetCatalog: () => p.manyToOne(Catalog).nullable().deleteRule('cascade').index(),
    position: p.integer().default(0),
    note: p.string().length(1000).nullable(),
    /** Reading list state ARCHIVE (spec §3 ReadingListState, SavedFilter ARCHIVED); null means QUEUE. */
    archivedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['catalog', 'post'] }, { properties: ['catalog', 'targetCatalog'] }],
  indexes: [{ properties: ['catalog', 'position'] }],
  checks: [
    {
      name: 'catalog_items_target_check',
      expression:
        "(item_type = 'POST' and post_id is not null and target_catalog_id is null) or (item_type = 'CATALOG' and target_catalog_id is not null and post_id is null)",
    },
  ],
});
export class CatalogItem extends CatalogItemSchema.class {}
CatalogItemSchema.setClass(CatalogItem);

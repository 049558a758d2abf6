import { defineEntity, p } from '@mikro-orm/core';
import { CatalogType, CollectionVisibility, ReadingListKind } from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { User } from '../users/user.entity';

/**
 * Spec §3 Catalog (list). A predefined list (reading list, currently reading, purchased) has `predefined` set,
 * at most one per kind per user; its public id is predefined:{userId}:{kind}.
 */
export const CatalogSchema = defineEntity({
  name: 'Catalog',
  tableName: 'catalogs',
  properties: {
    ...baseProperties,
    creator: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(100),
    description: p.string().length(500).default(''),
    type: enumOf(CatalogType).default('LISTS'),
    predefined: enumOf(ReadingListKind).nullable(),
    visibility: enumOf(CollectionVisibility).default('PUBLIC'),
    slug: p.string().length(120).default(''),
    itemsCount: p.integer().default(0),
    clapCount: p.integer().default(0),
    responsesCount: p.integer().default(0),
    followerCount: p.integer().default(0),
    /** The creator closed discussion (spec §5). */
    responsesLocked: p.boolean().default(false),
    /** A series' first publication (its followers were told then); null for a draft series and for lists. */
    publishedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['creator', 'predefined'] }],
  indexes: [{ properties: ['creator', 'createdAt'] }, { properties: ['creator', 'type', 'updatedAt'] }],
});
export class Catalog extends CatalogSchema.class {}
CatalogSchema.setClass(Catalog);

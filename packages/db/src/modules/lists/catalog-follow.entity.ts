import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';
import { Catalog } from './catalog.entity';

/** A user follows (saves) someone's list (spec §9 catalog_followed notifications). */
export const CatalogFollowSchema = defineEntity({
  name: 'CatalogFollow',
  tableName: 'catalog_follows',
  properties: {
    ...baseProperties,
    follower: () => p.manyToOne(User).deleteRule('cascade'),
    catalog: () => p.manyToOne(Catalog).deleteRule('cascade').index(),
  },
  uniques: [{ properties: ['follower', 'catalog'] }],
});
export class CatalogFollow extends CatalogFollowSchema.class {}
CatalogFollowSchema.setClass(CatalogFollow);

import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';
import { Catalog } from './catalog.entity';

/** Spec §1 vote targets (ClapTarget CATALOG) and §3 Catalog.clappers: a user's claps on a list, 1 to 50. */
export const CatalogClapSchema = defineEntity({
  name: 'CatalogClap',
  tableName: 'catalog_claps',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    catalog: () => p.manyToOne(Catalog).deleteRule('cascade').index(),
    count: p.integer().default(1),
  },
  uniques: [{ properties: ['user', 'catalog'] }],
  checks: [{ name: 'catalog_claps_count_check', expression: 'count >= 1 and count <= 50' }],
});
export class CatalogClap extends CatalogClapSchema.class {}
CatalogClapSchema.setClass(CatalogClap);

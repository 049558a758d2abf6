import { defineEntity, p } from '@mikro-orm/core';
import {
  BlogrollVisibility,
  CollectionVisibility,
  ColorDisplay,
  FontSet,
  HeaderScale,
  HomeLayout,
  NameTreatment,
  type NavItemType,
  NavType,
  TaglineTreatment,
} from '@quire/domain';
import { baseProperties, enumOf } from '../../base';
import { SEARCH_INDEXES } from '../search-indexes';
import { User } from '../users/user.entity';

/** One entry of a publication's navigation bar (spec §3 publication design: nav item types). */
export interface CollectionNavItem {
  type: NavItemType;
  title: string;
  /** EXTERNAL_LINK target. */
  url?: string;
  /** TAG / TOPIC_PAGE target. */
  tagSlug?: string;
  /** POST target. */
  postId?: string;
}

/** Spec §3 Collection (publication), with its §3 publication design settings as checked columns. */
export const CollectionSchema = defineEntity({
  name: 'Collection',
  tableName: 'collections',
  properties: {
    ...baseProperties,
    name: p.string().length(100),
    slug: p.string().length(100).unique(),
    /** Custom domain serving the publication, once live (see CustomDomain for its lifecycle). */
    domain: p.string().length(253).nullable().unique(),
    description: p.string().length(500).default(''),
    tagline: p.string().length(200).default(''),
    /** Shown on the about page; null: none given. */
    contactEmail: p.string().length(254).nullable(),
    /** Slugs of the topics the publication writes about (at most PUBLICATION_LIMITS.tagsMax). */
    tags: p
      .json<string[]>()
      .onCreate(() => [])
      .defaultRaw("'[]'"),
    avatarId: p.string().length(200).nullable(),
    faviconId: p.string().length(200).nullable(),
    logoId: p.string().length(200).nullable(),
    creator: () => p.manyToOne(User).deleteRule('cascade').index(),
    visibility: enumOf(CollectionVisibility).default('PUBLIC'),
    isAuroraEligible: p.boolean().default(false),
    isAuroraVisible: p.boolean().default(false),
    /** Search filter isHighQualityCollection (spec §7 search service). */
    isHighQuality: p.boolean().default(false),
    headerScale: enumOf(HeaderScale).default('MEDIUM'),
    nameTreatment: enumOf(NameTreatment).default('TEXT'),
    taglineTreatment: enumOf(TaglineTreatment).default('HEADER'),
    colorDisplay: enumOf(ColorDisplay).default('SOLID'),
    fontSet: enumOf(FontSet).default('SERIF_1'),
    blogrollVisibility: enumOf(BlogrollVisibility).default('VISIBLE'),
    navType: enumOf(NavType).default('LINK'),
    /** Colours as 8-digit alpha-first hex (spec §5 colour strings). */
    backgroundColor: p.string().length(9).nullable(),
    tintColor: p.string().length(9).nullable(),
    headerImageId: p.string().length(200).nullable(),
    homeLayout: enumOf(HomeLayout).default('STREAM'),
    /** When its owner archived it: read-only, out of discovery; null while active. */
    archivedAt: p.datetime().nullable(),
    navItems: p
      .json<CollectionNavItem[]>()
      .onCreate(() => [])
      .defaultRaw("'[]'"),
  },
  indexes: [SEARCH_INDEXES.collections],
});
export class Collection extends CollectionSchema.class {}
CollectionSchema.setClass(Collection);

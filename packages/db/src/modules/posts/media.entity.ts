import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';

/** An uploaded image (spec §3 image ids; upload limit imageUploadMaxSizeMb). */
export const MediaSchema = defineEntity({
  name: 'Media',
  tableName: 'media',
  properties: {
    ...baseProperties,
    // Uploads stay with the stories that embed them when the uploader goes.
    uploader: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    mime: p.string().length(100),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    bytes: p.integer(),
    storageKey: p.string().length(300).unique(),
    sha256: p.string().length(64).index(),
  },
});
export class Media extends MediaSchema.class {}
MediaSchema.setClass(Media);

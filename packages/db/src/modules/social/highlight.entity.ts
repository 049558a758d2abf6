import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/** A reader's highlight of a paragraph span (spec §3 Notification.quote: id, startOffset, endOffset). */
export const HighlightSchema = defineEntity({
  name: 'Highlight',
  tableName: 'highlights',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    post: () => p.manyToOne(Post).deleteRule('cascade').index(),
    paragraphName: p.string().length(16),
    startOffset: p.integer(),
    endOffset: p.integer(),
    /** The highlighted text as it was, so the highlight survives later edits. */
    quote: p.text(),
  },
  // SavedFilter HIGHLIGHTS lists a reader's highlights, newest first.
  indexes: [{ properties: ['user', 'createdAt'] }],
  checks: [
    { name: 'highlights_offsets_check', expression: 'start_offset >= 0 and end_offset >= start_offset' },
  ],
});
export class Highlight extends HighlightSchema.class {}
HighlightSchema.setClass(Highlight);

import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { Post } from '../posts/post.entity';
import { User } from '../users/user.entity';

/** Spec §3 Notification.note (id, content, anchor): a private note from a reader to the author on a paragraph span. */
export const NoteSchema = defineEntity({
  name: 'Note',
  tableName: 'notes',
  properties: {
    ...baseProperties,
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    post: () => p.manyToOne(Post).deleteRule('cascade'),
    paragraphName: p.string().length(16),
    startOffset: p.integer(),
    endOffset: p.integer(),
    content: p.text(),
    /** The passage as it was, so the note finds it again after edits (as a highlight does). */
    quote: p.text().default(''),
    /** The author dismissed the note. */
    resolvedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['post', 'createdAt'] }],
  checks: [{ name: 'notes_offsets_check', expression: 'start_offset >= 0 and end_offset >= start_offset' }],
});
export class Note extends NoteSchema.class {}
NoteSchema.setClass(Note);

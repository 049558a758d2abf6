import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from '../users/user.entity';
import { Note } from './note.entity';

/** Spec §3 Notification.noteReply (id, content): a reply in a private note's thread. */
export const NoteReplySchema = defineEntity({
  name: 'NoteReply',
  tableName: 'note_replies',
  properties: {
    ...baseProperties,
    note: () => p.manyToOne(Note).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    content: p.text(),
  },
  indexes: [{ properties: ['note', 'createdAt'] }],
});
export class NoteReply extends NoteReplySchema.class {}
NoteReplySchema.setClass(NoteReply);

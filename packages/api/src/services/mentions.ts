import type { EntityManager } from '@mikro-orm/postgresql';
import type { Post, User } from '@quire/db';
import { mentionedUsernames } from '@quire/domain';
import { notify } from './notifications';

/**
 * Tells each reader `texts` mention (@username) that `author` mentioned them in `post` ('mention_in_post'), in
 * the caller's transaction: once per post however often it is published again, never the author or anyone in
 * `except` (already told of the same thing) or deleted accounts (notify() leaves out those who blocked or
 * muted them). Returns the ids told.
 */
export async function notifyMentions(
  em: EntityManager,
  author: User,
  post: Post,
  texts: string[],
  except: string[] = [],
): Promise<string[]> {
  const names = mentionedUsernames(texts.join('\n'));
  if (!names.length) return [];
  const rows = await em.execute<{ id: string }[]>(
    `select u.id from users u
      where lower(u.username) in (?) and not u.is_deleted and u.id not in (?)
        and not exists (select 1 from notifications n
                         where n.recipient_id = u.id and n.post_id = ? and n.notification_type = 'mention_in_post')`,
    [names, [author.id, ...except], post.id],
  );
  const told: string[] = [];
  for (const { id } of rows) {
    if (await notify(em, { recipient: id, type: 'mention_in_post', actor: author, post })) told.push(id);
  }
  return told;
}

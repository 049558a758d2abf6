import type { PostCard } from '@quire/api';
import { formatShortDate } from '@quire/domain';
import { PreloadLink } from './PreloadLink';

/** Not from the spec (it gives only the toasts): the card action asking for fewer stories like this. */
export const SHOW_LESS_LABEL = 'Show less like this';

/** One story in a feed: author, title, subtitle and counts, linking to the story page. */
export function PostCardItem({
  post,
  onShowFewer,
}: {
  post: PostCard;
  onShowFewer?: (() => void) | undefined;
}) {
  const date = post.latestPublishedAt ? formatShortDate(post.latestPublishedAt) : '';
  return (
    <article className="q-card">
      <div className="q-card-byline">
        <a href={`/@${post.creator.username}`}>{post.creator.name}</a>
        {post.collection ? (
          <>
            {' in '}
            <a href={`/${post.collection.slug}`}>{post.collection.name}</a>
          </>
        ) : null}
      </div>
      {/* Preloading a members-only story would spend the reader's free stories: only opening it may. */}
      <PreloadLink className="q-card-link" href={post.mediumUrl} preload={post.isLocked ? 'none' : 'hover'}>
        <h2>{post.title}</h2>
        {post.subtitle ? <p>{post.subtitle}</p> : null}
      </PreloadLink>
      <div className="q-card-meta">
        {post.isLocked ? <span title="Members-only story">★ </span> : null}
        <span>{date}</span> · <span>{Math.max(1, Math.round(post.readingTime))} min read</span> ·{' '}
        <span>{post.clapCount} claps</span> · <span>{post.responsesCount} responses</span>
        {onShowFewer ? (
          <button type="button" className="q-link-button q-show-less" onClick={onShowFewer}>
            {SHOW_LESS_LABEL}
          </button>
        ) : null}
      </div>
    </article>
  );
}

import type { PostCard } from '@quire/api';
import {
  CARD_THUMBNAIL,
  cardSubtitle,
  compactCount,
  formatShortDate,
  quireRoutes,
  storyCardTexts,
} from '@quire/domain';
import { Avatar, ClapIcon, MemberStar, ResponseIcon, Thumbnail } from '@quire/ui';
import { Kept, KeptSlot } from '../lib/kept';
import { PreloadLink } from './PreloadLink';
import { SaveToggle } from './SaveButton';

/** The thumbnail's widths: the small box, the large box (also the small one at 2x) and the large one at 2x. */
const THUMBNAIL_WIDTHS = [CARD_THUMBNAIL.smallWidth, CARD_THUMBNAIL.width, CARD_THUMBNAIL.width * 2];

/** Not from the spec (it gives only the toasts): the card action asking for fewer stories like this. */
export const SHOW_LESS_LABEL = 'Show less like this';

/**
 * One story in a feed: the writer's avatar and name and the publication, title and subtitle (cut by the spec §5
 * truncation rule), the story's picture, date, reading time, claps and responses, the members-only star.
 * `eager` marks a card near the top of the page, whose picture should not wait for lazy loading. The card is the
 * same for every reader but its actions (the reader's Save button), so the server renders the rest once.
 */
export function PostCardItem({
  post,
  onShowFewer,
  eager = false,
  save,
}: {
  post: PostCard;
  onShowFewer?: (() => void) | undefined;
  eager?: boolean;
  /** The reader's save state of the story, as its page asked it (`useSavedOnPages`): given, the card has a Save button. */
  save?: { pageIds: string[]; saved: boolean } | undefined;
}) {
  return (
    <Kept name="story-card" of={StoryCardFace} props={{ post, eager }}>
      {onShowFewer || save ? (
        <span className="q-story-card-actions">
          {onShowFewer ? (
            <button type="button" className="q-link-button q-show-less" onClick={onShowFewer}>
              {SHOW_LESS_LABEL}
            </button>
          ) : null}
          {save ? <SaveToggle postId={post.id} pageIds={save.pageIds} saved={save.saved} size={20} /> : null}
        </span>
      ) : null}
    </Kept>
  );
}

/** A story card but for its actions, which go in its slot. */
function StoryCardFace({ post, eager }: { post: PostCard; eager: boolean }) {
  const date = post.latestPublishedAt ? formatShortDate(post.latestPublishedAt) : '';
  const subtitle = cardSubtitle(post.subtitle);
  // Preloading a members-only story would spend the reader's free stories: only opening it may.
  const preload = post.isLocked ? 'none' : 'hover';
  return (
    <article className="q-card q-story-card">
      <div className="q-story-card-main">
        <div className="q-card-byline q-story-card-byline">
          <a
            href={quireRoutes.build('ShowUser', { username: post.creator.username })}
            className="q-story-card-person"
          >
            <Avatar name={post.creator.name} imageId={post.creator.imageId} size="XXXS" lazy={!eager} />
            <span className="q-story-card-name">{post.creator.name}</span>
          </a>
          {post.collection ? (
            <>
              <span>{storyCardTexts.inPublication}</span>
              <a
                href={quireRoutes.build('ShowCollectionHome', { collectionSlug: post.collection.slug })}
                className="q-story-card-publication"
              >
                {post.collection.avatarId ? (
                  <Avatar
                    name={post.collection.name}
                    imageId={post.collection.avatarId}
                    size="XXXS"
                    shape="square"
                    lazy={!eager}
                  />
                ) : null}
                <span className="q-story-card-name">{post.collection.name}</span>
              </a>
            </>
          ) : null}
        </div>
        <PreloadLink className="q-card-link q-story-card-link" href={post.mediumUrl} preload={preload}>
          <h2 className="q-story-card-title">{post.title}</h2>
          {subtitle ? <p className="q-story-card-subtitle">{subtitle}</p> : null}
        </PreloadLink>
        <div className="q-card-meta q-story-card-meta">
          {post.isLocked ? <MemberStar label={storyCardTexts.memberOnly} /> : null}
          {date ? <span>{date}</span> : null}
          <span>{storyCardTexts.readingTime(post.readingTime)}</span>
          <span className="q-story-card-count" title={storyCardTexts.claps(post.clapCount)}>
            <ClapIcon size={16} />
            <span aria-hidden="true">{compactCount(post.clapCount)}</span>
            <span className="q-visually-hidden">{storyCardTexts.claps(post.clapCount)}</span>
          </span>
          <span className="q-story-card-count" title={storyCardTexts.responses(post.responsesCount)}>
            <ResponseIcon size={16} />
            <span aria-hidden="true">{compactCount(post.responsesCount)}</span>
            <span className="q-visually-hidden">{storyCardTexts.responses(post.responsesCount)}</span>
          </span>
          <KeptSlot />
        </div>
      </div>
      {post.previewImageId ? (
        <StoryThumbnail imageId={post.previewImageId} href={post.mediumUrl} preload={preload} eager={eager} />
      ) : null}
    </article>
  );
}

/**
 * A story's picture as its card shows it (cropped to the card's box, smaller on phones), linked to the story; a
 * story card and a story's search hit alike. The title link beside it is the one a keyboard or screen reader uses.
 */
export function StoryThumbnail({
  imageId,
  href,
  preload,
  eager = false,
}: {
  imageId: string;
  href: string;
  preload: 'hover' | 'none';
  eager?: boolean;
}) {
  return (
    <PreloadLink href={href} preload={preload} tabIndex={-1} aria-hidden="true">
      <Thumbnail
        className="q-story-card-thumb"
        imageId={imageId}
        width={CARD_THUMBNAIL.width}
        height={CARD_THUMBNAIL.height}
        widths={THUMBNAIL_WIDTHS}
        sizes={`(max-width: 551px) ${CARD_THUMBNAIL.smallWidth}px, ${CARD_THUMBNAIL.width}px`}
        eager={eager}
      />
    </PreloadLink>
  );
}

import { feedTexts, type PageFeed } from '@quire/domain';
import { RssIcon } from '@quire/ui';

/** Spec §2 Feeds: the visible link to a page's RSS feed (the head links the same feed for feed readers). */
export function FeedLink({ feed }: { feed: PageFeed }) {
  return (
    <a
      className="q-feed-link"
      href={feed.path}
      type="application/rss+xml"
      aria-label={feedTexts.rssLabel(feed.title)}
      data-testid="feed-link"
    >
      <RssIcon size={16} />
      <span>{feedTexts.rss}</span>
    </a>
  );
}

import type { PostCard } from '@quire/api';
import { CARDS_ABOVE_THE_FOLD } from '@quire/domain';
import { StoryCardSkeleton } from '@quire/ui';
import { type NextPage, PagedItems } from './LoadMore';
import { PostCardItem } from './PostCardItem';
import { useSavedOnPages } from './SaveButton';

/** A keyset page of story cards, as the profile, publication, topic and following lists return it. */
export interface StoryListPage {
  posts: PostCard[];
  /** The keyset cursor of the next page (a time or a score and an id), null at the end. */
  next: unknown;
}

/** A list of story cards that loads the next keyset page on scroll, or with its "Show more" button. */
export function StoryList({
  pages,
  next,
  empty,
  grid = false,
}: {
  pages: StoryListPage[] | undefined;
  next: NextPage;
  empty: string;
  /** Cards side by side, pictures first (a publication's GRID homepage). */
  grid?: boolean;
}) {
  const saves = useSavedOnPages(pages);
  return (
    <section aria-label="Stories" data-testid="feed">
      {pages === undefined ? <StoryCardSkeleton /> : null}
      <PagedItems
        items={pages?.flatMap((page) => page.posts) ?? []}
        empty={empty}
        next={next}
        nextLabel="Show more stories"
        wrapClass={grid ? 'q-story-grid' : undefined}
      >
        {(post, index) => (
          <PostCardItem
            key={post.id}
            post={post}
            eager={index < CARDS_ABOVE_THE_FOLD}
            save={saves.get(post.id)}
          />
        )}
      </PagedItems>
    </section>
  );
}

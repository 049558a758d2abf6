import type { RouterOutputs } from '@quire/api';
import { homeTexts } from '@quire/domain';
import { useQuery } from '@tanstack/react-query';
import { Kept } from '../lib/kept';
import { useTRPC } from '../trpc';
import { PostCardItem } from './PostCardItem';

type ReadNextGroup = RouterOutputs['posts']['readNext']['groups'][number];

const groupTitle = (group: ReadNextGroup) =>
  group.kind === 'writer'
    ? homeTexts.moreFromWriter(group.name)
    : group.kind === 'publication'
      ? homeTexts.moreFromPublication(group.name)
      : homeTexts.moreOnTopic(group.name);

/**
 * 'Read next' under a story (spec §9 READ_NEXT_SIDEBAR): more from its writer, its publication and its topic, as
 * story cards. Nothing when the story has no neighbours (or is not published). The same for every reader given
 * the same stories (its cards have no Save button), so the server renders it once for them.
 */
export function ReadNext({ postId }: { postId: string }) {
  const trpc = useTRPC();
  const { data } = useQuery(
    trpc.posts.readNext.queryOptions({ postId }, { staleTime: 60_000, retry: false }),
  );
  if (!data?.groups.length) return null;
  return <Kept name="read-next" of={ReadNextGroups} props={{ data }} />;
}

function ReadNextGroups({ data }: { data: RouterOutputs['posts']['readNext'] }) {
  return (
    <section
      className="q-read-next"
      aria-labelledby="q-read-next-title"
      data-testid="read-next"
      data-module-type={data.moduleType}
      data-module-type-id={data.moduleTypeId}
    >
      <h2 id="q-read-next-title" className="q-read-next-title">
        {homeTexts.readNext}
      </h2>
      {data.groups.map((group) => (
        <section
          key={group.kind}
          className="q-read-next-group"
          aria-label={groupTitle(group)}
          data-group={group.kind}
          data-module-type={group.moduleType}
          data-module-type-id={group.moduleTypeId}
        >
          <h3 className="q-read-next-group-title">
            <a href={group.href}>{groupTitle(group)}</a>
          </h3>
          {group.posts.map((post) => (
            <PostCardItem key={post.id} post={post} />
          ))}
        </section>
      ))}
    </section>
  );
}

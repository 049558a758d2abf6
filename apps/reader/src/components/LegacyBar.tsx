import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '../lib/hydrated';
import type { PreloadedState, SiteInfo } from '../state';
import { useTRPC } from '../trpc';
import { TopBarActions } from './TopBar';
import { topBarFadeStyle, useMetabarScroll } from './useScrollDirection';

/** The story's topic and post-state label, once its data is in the page's cache. */
function StoryMeta({
  postId,
  shareKey,
  mainOrigin,
}: {
  postId: string;
  shareKey: string | null;
  mainOrigin: string;
}) {
  const trpc = useTRPC();
  // The story page asked for the same query: this reads its cached answer, it never fetches twice.
  const { data } = useQuery(trpc.posts.byId.queryOptions({ id: postId, shareKey }, { retry: false }));
  if (data?.__typename !== 'Post') return null;
  const topic = data.primaryTopic ?? data.topics[0] ?? null;
  if (!topic && !data.stateLabel) return null;
  return (
    <div className="q-legacy-meta" data-testid="legacy-meta">
      {/* Topic pages live on the main domain, not on this site. */}
      {topic ? <a href={`${mainOrigin}/tag/${topic.slug}`}>{topic.name}</a> : null}
      {data.stateLabel ? <span className="q-legacy-label">{data.stateLabel}</span> : null}
    </div>
  );
}

/**
 * Spec §2 legacy bar, on a publication's or writer's own site (custom domain or subdomain) unless
 * enable_global_nav_on_legacy_lite is on: the site's logo, on a story its topic and post-state label, and
 * the metabar actions. It follows the §4 metabar rule: hidden past 25px down, back near the top (and, on
 * small screens, after scrolling up 25px: the aggressive mode).
 */
export function LegacyBar({
  viewer,
  site,
  postId,
  shareKey,
}: {
  viewer: PreloadedState['viewer'];
  site: Extract<SiteInfo, { kind: 'collection' | 'user' }>;
  postId: string | null;
  shareKey: string | null;
}) {
  const hydrated = useHydrated();
  const aggressive = hydrated && window.matchMedia('(max-width: 551px)').matches;
  const { hidden } = useMetabarScroll({ aggressive });
  return (
    <header
      className="q-topbar q-legacy-bar"
      data-testid="legacy-bar"
      style={topBarFadeStyle(hidden)}
      data-hidden={hidden ? 'true' : undefined}
    >
      <a className="q-logo q-site-logo" href="/">
        {site.name}
      </a>
      {postId ? <StoryMeta postId={postId} shareKey={shareKey} mainOrigin={site.mainOrigin} /> : null}
      <TopBarActions viewer={viewer} />
    </header>
  );
}

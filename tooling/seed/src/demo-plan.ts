import type { ImageDisplayMode, License, PostContent } from '@quire/domain';
import {
  CAPTIONS,
  CLOSINGS,
  GENERIC_SECTIONS,
  PUBLICATIONS,
  RESPONSES,
  type SectionBlock,
  TOPICS,
  type TopicBlocks,
  WRITERS,
} from './demo-content';
import { type DemoImage, ParagraphBuilder, type Prng, prng } from './text';

/** Fixed ids tests can open. */
export const FIXED_IDS = {
  /** A public story by the first writer with every kind of paragraph. */
  story: '0000000000a1',
  /** A members-only story by the Partner Program writer. */
  lockedStory: '0000000000a2',
  unlisted: '0000000000a3',
  draft: '0000000000a4',
} as const;

const SEED = 0x5eed_d3e0;

const IMAGE_ALTS = [
  'A laptop on a wooden desk beside a cup of coffee',
  'A city street at dusk with lit shop windows',
  'Handwritten notes spread across a table',
  'A bookshelf crowded with paperbacks',
  'Morning light through a kitchen window',
  'A whiteboard covered in sticky notes',
  'Runners on a riverside path at sunrise',
  'A server rack with blinking status lights',
  'A field notebook next to a pair of binoculars',
  'A crowded council meeting in a wood-panelled room',
  'Sketches of a mobile app on graph paper',
  'A loaf of bread cooling on a wire rack',
  'A record player with a stack of vinyl',
  'A park bench under autumn trees',
  'Two people talking across a café table',
  'A starry sky over a dark hillside',
  'A bicycle leaning against a brick wall',
  'A desk calendar with a few circled dates',
  'A close-up of code on a monitor',
  'A library reading room with green lamps',
  'Wind turbines on a ridge at sunset',
  'A pen resting on a half-filled page',
  'A team gathered around a laptop',
  'A glass of water with light scattering through it',
];
/** The story pictures the demo draws from (ids `demo-1.jpg` …), with the pixel size they are generated at. */
export const DEMO_IMAGES: readonly DemoImage[] = IMAGE_ALTS.map((alt, i) => ({
  id: `demo-${i + 1}.jpg`,
  width: i % 3 === 0 ? 1400 : 1600,
  height: i % 3 === 0 ? 933 : i % 3 === 1 ? 1067 : 900,
  alt,
}));

export type PlannedKind = 'story' | 'draft' | 'unlisted' | 'response';

export interface PlannedPost {
  id: string;
  kind: PlannedKind;
  author: string;
  title: string;
  subtitle: string | null;
  content: PostContent;
  /** Topic slugs, the primary topic first (empty for responses). */
  topics: string[];
  publication: string | null;
  isLocked: boolean;
  /** Days before the seed ran that the post was published (or last edited, for drafts). */
  daysAgo: number;
  inResponseTo: string | null;
  license: License;
  distributed: boolean;
}

export interface DemoPlan {
  posts: PlannedPost[];
  followUsers: [string, string][];
  followPublications: [string, string][];
  followTopics: [string, string][];
  claps: { username: string; postId: string; count: number }[];
}

function buildStoryContent(
  rng: Prng,
  topic: TopicBlocks,
  title: string,
  subtitle: string,
  opts: { rich?: boolean } = {},
): PostContent {
  const b = new ParagraphBuilder(rng);
  const image = () => rng.pick(DEMO_IMAGES);
  const cover = !opts.rich && rng.chance(0.2);
  if (cover) {
    b.image(image(), '', 'FULL_WIDTH');
    b.plain('COVER_TITLE', title);
  } else {
    b.plain('H3', title);
  }
  b.plain('H4', subtitle);
  const intros = rng.sample(topic.intros, rng.chance(0.5) ? 2 : 1);
  intros.forEach((text, i) => {
    b.text('P', text, i === 0 && rng.chance(0.3) ? { hasDropCap: true } : {});
  });
  if (!cover && (opts.rich || rng.chance(0.6))) {
    const layouts: ImageDisplayMode[] = ['INSET', 'INSET', 'OUTSET', 'FULL_WIDTH'];
    b.image(image(), rng.pick(CAPTIONS), rng.pick(layouts));
  }
  const sections: SectionBlock[] = opts.rich
    ? [...topic.sections, GENERIC_SECTIONS[2]!, GENERIC_SECTIONS[3]!]
    : rng.sample(topic.sections, rng.int(2, 3));
  if (!opts.rich && rng.chance(0.5))
    sections.splice(rng.int(1, sections.length), 0, rng.pick(GENERIC_SECTIONS));
  const pullQuoteAfter = opts.rich || rng.chance(0.45) ? rng.int(0, sections.length - 1) : -1;
  sections.forEach((section, i) => {
    b.plain(i > 0 && rng.chance(0.2) ? 'H4' : 'H3', section.heading);
    const [first, ...rest] = section.paragraphs;
    b.text('P', first);
    if (section.list) b.list(section.list.ordered, section.list.items);
    if (section.code) b.code(section.code.language, section.code.text);
    if (section.quote) b.text('BQ', section.quote);
    if (section.image && (opts.rich || rng.chance(0.6))) b.image(image(), rng.pick(CAPTIONS));
    for (const text of rest) b.text('P', text);
    if (i === pullQuoteAfter) b.plain('PQ', rng.pick(topic.pullQuotes));
  });
  b.rule();
  b.text('P', rng.pick(CLOSINGS));
  return b.content();
}

function draftContent(rng: Prng, topic: TopicBlocks, title: string): PostContent {
  const b = new ParagraphBuilder(rng);
  b.plain('H3', title);
  b.text('P', rng.pick(topic.intros));
  const section = rng.pick(topic.sections);
  b.plain('H3', section.heading);
  b.text('P', section.paragraphs[0]);
  if (section.list) b.list(section.list.ordered, section.list.items.slice(0, 2));
  b.plain('P', 'TODO: finish this section and find a better ending.');
  return b.content();
}

function responseContent(rng: Prng): PostContent {
  const b = new ParagraphBuilder(rng);
  for (const text of rng.sample(RESPONSES, rng.chance(0.25) ? 2 : 1)) b.text('P', text);
  return b.content();
}

const topicBySlug = (slug: string) => TOPICS.find((t) => t.slug === slug)!;

/** The whole demo data set, computed from a fixed seed: the same on every run. */
export function buildDemoPlan(): DemoPlan {
  const rng = prng(SEED);
  const usedIds = new Set<string>(Object.values(FIXED_IDS));
  const newPostId = () => {
    let id = rng.hex(12);
    while (usedIds.has(id)) id = rng.hex(12);
    usedIds.add(id);
    return id;
  };
  const membership = new Map<string, string[]>();
  for (const pub of PUBLICATIONS) {
    for (const username of [pub.owner, ...pub.editors, ...pub.writers]) {
      membership.set(username, [...(membership.get(username) ?? []), pub.slug]);
    }
  }

  const posts: PlannedPost[] = [];
  // 100 stories: ten titles per topic, interleaved so neighbouring stories differ in topic.
  for (let k = 0; k < 10; k++) {
    for (const topic of TOPICS) {
      const [title, subtitle] = topic.titles[k]!;
      const isFirst = topic.slug === 'programming' && k === 0;
      const isLockedFixed = topic.slug === 'writing' && k === 9;
      const id = isFirst ? FIXED_IDS.story : isLockedFixed ? FIXED_IDS.lockedStory : newPostId();
      const candidates = WRITERS.filter((w) => w.topics.includes(topic.slug)).map((w) => w.username);
      const author = isFirst ? 'mayaokafor' : isLockedFixed ? 'gracewhitfield' : rng.pick(candidates);
      const pubs = (membership.get(author) ?? []).filter((slug) =>
        PUBLICATIONS.find((p) => p.slug === slug)!.topics.includes(topic.slug),
      );
      const publication = !isFirst && pubs.length > 0 && rng.chance(0.5) ? rng.pick(pubs) : null;
      const others = TOPICS.map((t) => t.slug).filter((s) => s !== topic.slug);
      const extra = rng.sample(others, rng.int(0, rng.chance(0.15) ? 4 : 2));
      posts.push({
        id,
        kind: 'story',
        author,
        title,
        subtitle,
        content: buildStoryContent(rng, topic, title, subtitle, { rich: isFirst }),
        topics: [topic.slug, ...extra],
        publication,
        isLocked: isLockedFixed || (!isFirst && rng.chance(0.22)),
        // The fixed story is the newest, so it leads the home feed.
        daysAgo: isFirst ? 0.1 : 0.5 + Math.round(rng.next() * 89.5 * 1440) / 1440,
        inResponseTo: null,
        license: rng.chance(0.1) ? 'CC_40_BY' : 'ALL_RIGHTS_RESERVED',
        distributed: rng.chance(0.3),
      });
    }
  }

  const unlistedTitle = 'How We Edit The Long Compile';
  posts.push({
    id: FIXED_IDS.unlisted,
    kind: 'unlisted',
    author: 'mayaokafor',
    title: unlistedTitle,
    subtitle: 'A behind-the-scenes note for our writers. Share the link, not the post.',
    content: buildStoryContent(
      rng,
      topicBySlug('writing'),
      unlistedTitle,
      'A behind-the-scenes note for our writers. Share the link, not the post.',
    ),
    topics: ['writing', 'programming'],
    publication: 'the-long-compile',
    isLocked: false,
    daysAgo: 12,
    inResponseTo: null,
    license: 'ALL_RIGHTS_RESERVED',
    distributed: false,
  });

  const drafts: [string, string, string, string][] = [
    [FIXED_IDS.draft, 'mayaokafor', 'programming', 'Things I Wish I Knew About Code Review'],
    [newPostId(), 'hannahbrooks', 'productivity', 'Notes Toward a Quieter Calendar'],
    [newPostId(), 'bencarter', 'startups', 'What I Look For in a Seed-Stage Team'],
  ];
  for (const [id, author, topicSlug, title] of drafts) {
    posts.push({
      id,
      kind: 'draft',
      author,
      title,
      subtitle: null,
      content: draftContent(rng, topicBySlug(topicSlug), title),
      topics: [topicSlug],
      publication: null,
      isLocked: false,
      daysAgo: rng.int(0, 6),
      inResponseTo: null,
      license: 'ALL_RIGHTS_RESERVED',
      distributed: false,
    });
  }

  const stories = posts.filter((p) => p.kind === 'story');
  const usernames = WRITERS.map((w) => w.username);
  // Responses: three on the fixed story, then thirty on stories chosen at random.
  const fixed = stories.find((s) => s.id === FIXED_IDS.story)!;
  const parents = [fixed, fixed, fixed, ...Array.from({ length: 30 }, () => rng.pick(stories))];
  for (const parent of parents) {
    const author = rng.pick(usernames.filter((u) => u !== parent.author));
    posts.push({
      id: newPostId(),
      kind: 'response',
      author,
      title: '',
      subtitle: null,
      content: responseContent(rng),
      topics: [],
      publication: null,
      isLocked: false,
      daysAgo: Math.round(parent.daysAgo * rng.next() * 1440) / 1440,
      inResponseTo: parent.id,
      license: 'ALL_RIGHTS_RESERVED',
      distributed: false,
    });
  }

  const followUsers: [string, string][] = [];
  const followPublications: [string, string][] = [];
  const followTopics: [string, string][] = [];
  for (const writer of WRITERS) {
    const others = usernames.filter((u) => u !== writer.username);
    for (const target of rng.sample(others, rng.int(3, 8))) followUsers.push([writer.username, target]);
    for (const pub of rng.sample(PUBLICATIONS, rng.int(0, 2)))
      followPublications.push([writer.username, pub.slug]);
    const extraTopics = rng.sample(
      TOPICS.map((t) => t.slug).filter((s) => !writer.topics.includes(s)),
      rng.int(1, 2),
    );
    for (const slug of [...writer.topics, ...extraTopics]) followTopics.push([writer.username, slug]);
  }

  const claps: DemoPlan['claps'] = [];
  for (const story of stories) {
    const clappers = rng.sample(
      usernames.filter((u) => u !== story.author),
      Math.max(story.id === FIXED_IDS.story ? 6 : 0, Math.floor(rng.next() ** 1.5 * 13)),
    );
    for (const username of clappers) {
      claps.push({ username, postId: story.id, count: 1 + Math.floor(rng.next() ** 3 * 50) });
    }
  }

  return { posts, followUsers, followPublications, followTopics, claps };
}

import { lockedPreview } from '@quire/api';
import { FeatureFlag, FeatureFlagOverride, User } from '@quire/db';
import type { Paragraph } from '@quire/domain';
import { seedDemo } from '@quire/seed';
import { buildCollection, buildSession, buildUser } from '@quire/test-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

type Hit = { title?: string; name?: string; username?: string };

/** The reader's search (tRPC search.query) as a signed-out visitor, or with a session. */
async function find(q: string, entity: 'post' | 'user' | 'collection', token?: string) {
  const input = encodeURIComponent(JSON.stringify({ q, entities: [entity], hitsPerPage: 20 }));
  const res = await t.app.inject({
    url: `/trpc/search.query?input=${input}`,
    headers: token ? authHeaders(token) : {},
  });
  expect(res.statusCode).toBe(200);
  const [result] = res.json().result.data.results as { hits: Hit[] }[];
  return result?.hits ?? [];
}
const titles = async (q: string, token?: string) => (await find(q, 'post', token)).map((h) => h.title);

/** Writes and publishes a story the way the editor does: draft, save, publish. */
async function publishStory(
  token: string,
  story: { title: string; subtitle: string; paragraphs: string[]; isLocked?: boolean },
) {
  const headers = authHeaders(token);
  const call = async (path: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  };
  const { id } = await call('posts.createDraft', {});
  const paragraphs: Paragraph[] = story.paragraphs.map((text, i) => ({
    name: `p${i}`,
    type: 'P',
    text,
    markups: [],
  }));
  await call('posts.save', { id, baseRev: 0, title: story.title, content: { paragraphs } });
  await call('posts.publish', {
    id,
    baseRev: 1,
    topics: [],
    subtitle: story.subtitle,
    isLocked: story.isLocked ?? false,
  });
  return { id: id as string, paragraphs };
}

let writerToken = '';
let memberToken = '';
let readerToken = '';

beforeAll(async () => {
  await seedDemo(t.db.orm);
  const em = t.db.em();
  // A new writer: nobody has marked them high quality (in the Partner Program, to write members-only stories).
  const writer = await buildUser(em, {
    name: 'Xanthe Newcomer',
    username: 'xanthenew',
    isPartnerProgramEnrolled: true,
  });
  writerToken = await buildSession(em, writer);
  const member = await buildUser(em, { name: 'Mona Member' });
  member.mediumMemberAt = Date.now();
  await em.flush();
  memberToken = await buildSession(em, member);
  readerToken = await buildSession(em, await buildUser(em, { name: 'Rita Reader' }));
});

describe('every public story is findable (spec §2 /search, §5 search rules)', () => {
  it('finds a demo story by a word of its title: /search?q=sleep', async () => {
    expect(await titles('sleep')).toContain('Sleep Is Not Optional for Memory');
    const page = await t.app.inject({ url: '/search?q=sleep' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sleep Is Not Optional for Memory');
  });

  it('finds a story published just now by any word of its title, subtitle or body', async () => {
    await publishStory(writerToken, {
      title: 'Quokkas of Rottnest Island',
      subtitle: 'Marsupials that photobomb every selfie',
      paragraphs: ['The ferry leaves at dawn.', 'Bring sunscreen and a thermos of chai.'],
    });
    for (const word of ['quokkas', 'Rottnest', 'marsupials', 'photobomb', 'ferry', 'thermos', 'chai']) {
      expect(await titles(word), word).toContain('Quokkas of Rottnest Island');
      expect(await titles(word, readerToken), word).toContain('Quokkas of Rottnest Island');
    }
    // A phrase across title and body, as typed in the box.
    expect(await titles('quokkas thermos')).toContain('Quokkas of Rottnest Island');
  });

  it('follows published changes at once (never unpublished ones), and forgets a trashed story', async () => {
    const headers = authHeaders(writerToken);
    const call = async (path: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload, headers });
      expect(res.statusCode, res.body).toBe(200);
    };
    const { id } = await publishStory(writerToken, {
      title: 'Lighthouses of the Hebrides',
      subtitle: 'Keepers and lenses',
      paragraphs: ['The lamp burned paraffin.'],
    });
    expect(await titles('paraffin')).toEqual(['Lighthouses of the Hebrides']);
    const content = {
      paragraphs: [{ name: 'p0', type: 'P', text: 'The lamp burned whale oil.', markups: [] }],
    };
    await call('posts.save', { id, baseRev: 1, title: 'Lighthouses of the Hebrides', content });
    // Saved edits of a published story are unpublished changes: readers, and search, keep the published text.
    expect(await titles('whale')).toEqual([]);
    expect(await titles('paraffin')).toEqual(['Lighthouses of the Hebrides']);
    await call('posts.publishChanges', { id, baseRev: 2 });
    expect(await titles('whale')).toEqual(['Lighthouses of the Hebrides']);
    expect(await titles('paraffin')).toEqual([]);
    await call('posts.delete', { targetPostId: id });
    expect(await titles('whale')).toEqual([]);
    expect(await titles('hebrides')).toEqual([]);
  });

  it('finds a members-only story by its locked preview for everyone, by the rest of its body for members', async () => {
    const { paragraphs } = await publishStory(writerToken, {
      title: 'Inside the Glassblowers Guild',
      subtitle: 'Molten sand, patient lungs',
      paragraphs: [
        'Apprentices sweep the furnace room.',
        'The gaffer shapes the gather.',
        'Annealing takes a night.',
        'The guild keeps a recipe for cobaltine blue.',
      ],
      isLocked: true,
    });
    const preview = lockedPreview({ paragraphs }).map((p) => p.text);
    expect(preview.join(' ')).toContain('Annealing');
    expect(preview.join(' ')).not.toContain('cobaltine');
    for (const token of [undefined, readerToken, memberToken]) {
      expect(await titles('annealing', token)).toContain('Inside the Glassblowers Guild');
      expect(await titles('glassblowers', token)).toContain('Inside the Glassblowers Guild');
    }
    // Past the preview is members-only text: matching it would tell a non-member what it says.
    expect(await titles('cobaltine')).toEqual([]);
    expect(await titles('cobaltine', readerToken)).toEqual([]);
    expect(await titles('cobaltine', memberToken)).toEqual(['Inside the Glassblowers Guild']);
  });

  it("indexes a members-only story's text exactly as far as the locked preview a reader is sent", async () => {
    const p = (type: Paragraph['type'], text: string): Paragraph => ({ name: text, type, text, markups: [] });
    const shapes: Paragraph[][] = [
      [p('IMG', 'caption one'), p('H3', 'alpha'), p('HR', ''), p('P', 'beta'), p('IFRAME', 'embed')],
      [p('P', 'gamma'), p('IMG', 'caption two'), p('PRE', 'delta'), p('P', 'epsilon'), p('P', 'zeta')],
      [p('P', 'eta')],
      [],
    ];
    for (const paragraphs of shapes) {
      const content = { paragraphs };
      const rows = await t.db
        .em()
        .getConnection()
        .execute<{ preview: string; whole: string }[]>(
          `select story_search_text(?::jsonb, true) as preview, story_search_text(?::jsonb, false) as whole`,
          [JSON.stringify(content), JSON.stringify(content)],
        );
      const words = (list: Paragraph[]) =>
        list
          .filter((x) => !['IMG', 'HR', 'IFRAME'].includes(x.type))
          .map((x) => x.text)
          .join(' ');
      expect(rows[0]?.preview).toBe(words(lockedPreview(content)));
      expect(rows[0]?.whole).toBe(words(paragraphs));
    }
  });

  it('filters writers and publications to high quality, never the stories', async () => {
    const em = t.db.em();
    const owner = await em.findOneOrFail(User, { username: 'xanthenew' });
    await buildCollection(em, { creator: owner, name: 'Xanthe Weekly', slug: 'xanthe-weekly' });
    const staff = await buildUser(em, { name: 'Search Staff' });
    const flag =
      (await em.findOne(FeatureFlag, { name: 'can_view_unfiltered_search' })) ??
      em.create(FeatureFlag, { name: 'can_view_unfiltered_search', boolValue: false });
    em.create(FeatureFlagOverride, { flag, user: staff, boolValue: true });
    await em.flush();
    const staffToken = await buildSession(em, staff);

    expect(await find('Xanthe', 'user')).toEqual([]);
    expect(await find('Xanthe', 'collection')).toEqual([]);
    expect((await find('Xanthe', 'user', staffToken)).map((h) => h.username)).toEqual(['xanthenew']);
    expect((await find('Xanthe', 'collection', staffToken)).map((h) => h.name)).toEqual(['Xanthe Weekly']);
    expect(await titles('quokkas')).toContain('Quokkas of Rottnest Island');
  });

  it('marks the demo writers and publications high quality, so each is found by name', async () => {
    const em = t.db.em();
    const demoWriters = await em.find(User, { imageId: { $like: 'demo-avatar-%' } });
    expect(demoWriters.length).toBeGreaterThan(0);
    expect(demoWriters.filter((w) => !w.isHighQuality).map((w) => w.username)).toEqual([]);
    for (const name of ['Amara Nwosu', 'Daniel Reyes', 'Maya Okafor']) {
      expect(
        (await find(name, 'user')).map((h) => h.name),
        name,
      ).toContain(name);
    }
  });
});

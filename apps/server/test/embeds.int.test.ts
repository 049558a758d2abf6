import { Catalog } from '@quire/db';
import { EMBED_SIZES, embedTexts } from '@quire/domain';
import { buildPost, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

const t = useTestApp();

/** The site's public origin, as a story page's canonical link gives it. */
async function originOf(path: string): Promise<string> {
  const html = (await t.page(path)).body;
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  if (!canonical) throw new Error(`no canonical link on ${path}`);
  return new URL(canonical).origin;
}

describe('story embeds and oEmbed (spec §2 /embed)', () => {
  it('frames a story as a card with no text of it, members-only too; drafts and unknown stories are 404', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Card Writer' });
    const story = await buildPost(em, {
      creator: writer,
      title: 'Cards <travel> well',
      content: { paragraphs: [{ name: 'e1', type: 'P', text: 'Secret body sentence.', markups: [] }] },
    });
    story.subtitle = 'A subtitle worth framing';
    await em.flush();
    const locked = await buildPost(em, {
      creator: writer,
      title: 'Members read this',
      isLocked: true,
      content: { paragraphs: [{ name: 'e2', type: 'P', text: 'Members-only body sentence.', markups: [] }] },
    });
    const draft = await buildPost(em, { creator: writer, title: 'Not yet', status: 'DRAFT' });

    const res = await t.app.inject({ url: `/embed?postId=${story.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.body).toContain('Cards &lt;travel&gt; well');
    expect(res.body).toContain('A subtitle worth framing');
    expect(res.body).toContain('Card Writer');
    expect(res.body).toContain(embedTexts.readOn('Quire'));
    expect(res.body).not.toContain('Secret body sentence');
    expect(res.body).not.toContain('<script');

    const origin = await originOf(`/p/${locked.id}`);
    const members = await t.app.inject({
      url: `/embed?url=${encodeURIComponent(`${origin}/p/${locked.id}`)}`,
    });
    expect(members.statusCode).toBe(200);
    expect(members.body).toContain('Members read this');
    expect(members.body).toContain(embedTexts.membersOnly);
    expect(members.body).not.toContain('Members-only body sentence');

    for (const url of [`/embed?postId=${draft.id}`, '/embed?postId=0123456789ab', '/embed?url=nothing']) {
      const missing = await t.app.inject({ url });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain('Not yet');
    }
  });

  it('answers oEmbed for a story and a list of this site, and the story page links to it', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { name: 'Oembed Writer' });
    const story = await buildPost(em, { creator: writer, title: 'Paste me anywhere' });
    const list = em.create(Catalog, { creator: writer, name: 'Pasted picks', slug: 'pasted-picks' });
    const hidden = em.create(Catalog, { creator: writer, name: 'Hidden picks', visibility: 'PRIVATE' });
    await em.flush();

    const page = await t.page(`/p/${story.id}`);
    const discovery =
      /<link rel="alternate" type="application\/json\+oembed" title="Paste me anywhere" href="([^"]+)">/.exec(
        page.body,
      )?.[1];
    expect(discovery).toBeDefined();
    const endpoint = new URL(discovery!.replace(/&amp;/g, '&'));
    const origin = endpoint.origin;
    const storyUrl = endpoint.searchParams.get('url')!;
    expect(new URL(storyUrl).pathname).toContain(story.id);

    const answer = await t.app.inject({ url: `${endpoint.pathname}${endpoint.search}&maxwidth=400` });
    expect(answer.statusCode).toBe(200);
    const json = answer.json();
    expect(json).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Quire',
      title: 'Paste me anywhere',
      author_name: 'Oembed Writer',
      width: 400,
      height: EMBED_SIZES.storyHeight,
    });
    expect(json.html).toContain(`src="${origin}/embed?postId=${story.id}"`);
    expect(json.html).toContain('width="400"');

    const listUrl = `${origin}/@${writer.username}/list/pasted-picks-${list.id}`;
    const listAnswer = await t.app.inject({ url: `/oembed?url=${encodeURIComponent(listUrl)}` });
    expect(listAnswer.statusCode).toBe(200);
    expect(listAnswer.json()).toMatchObject({ title: 'Pasted picks', height: EMBED_SIZES.listHeight });
    expect(listAnswer.json().html).toContain(`${origin}/embed/list/pasted-picks-${list.id}`);

    const refused = [
      `/oembed?url=${encodeURIComponent(`${origin}/@${writer.username}/list/${hidden.id}`)}`,
      `/oembed?url=${encodeURIComponent(`https://elsewhere.example/p/${story.id}`)}`,
      '/oembed?url=',
      `/oembed?url=${encodeURIComponent(`${origin}/p/0123456789ab`)}`,
    ];
    for (const url of refused) expect((await t.app.inject({ url })).statusCode).toBe(404);
    const xml = await t.app.inject({ url: `/oembed?url=${encodeURIComponent(storyUrl)}&format=xml` });
    expect(xml.statusCode).toBe(501);
  });
});

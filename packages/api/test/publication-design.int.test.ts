import { Collection, type User } from '@quire/db';
import {
  accessTexts,
  DEFAULT_PUBLICATION_DESIGN,
  inputTexts,
  publicationAdminTexts,
  publicationDesignStyle,
  publicationDesignTexts as texts,
  validationMessages,
} from '@quire/domain';
import { addCollectionMember, buildCollection, buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { designFieldsOf } from '../src/services/publication-admin/design';
import { browser, refusal, storedUpload, testClock } from './auth-helpers';

/* Spec §2 /{collectionSlug}/design, /styles, /edit: a publication's design (spec §3, §5 colour strings). */

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

async function team() {
  const em = db.em();
  const owner = await buildUser(em, { name: 'Olive Owner' });
  const editor = await buildUser(em, { name: 'Eddie Editor' });
  const writer = await buildUser(em, { name: 'Wren Writer' });
  const outsider = await buildUser(em, { name: 'Otto Outsider' });
  const publication = await buildCollection(em, { creator: owner });
  publication.tagline = 'Stories after dark';
  publication.logoId = await storedUpload(db, owner, 1600, 400);
  await em.flush();
  await addCollectionMember(em, publication, editor, 'EDITOR');
  await addCollectionMember(em, publication, writer, 'WRITER');
  return { owner, editor, writer, outsider, publication };
}

const designed = {
  headerScale: 'LARGE',
  nameTreatment: 'LOGO',
  taglineTreatment: 'SIDEBAR',
  colorDisplay: 'VERTICAL_GRADIENT',
  fontSet: 'SANS_SERIF_2',
  backgroundColor: '#FF1A8917',
  tintColor: 'rgba(10, 37, 64, 1)',
  headerImageId: null,
  homeLayout: 'GRID',
} as const;

/** The design columns of the publication's row as stored. */
const stored = async (id: string) => designFieldsOf(await db.em().findOneOrFail(Collection, id));

describe('a publication’s design', () => {
  it('is saved by the owner (colours stored as alpha-first hex) and drawn on its public header for everyone', async () => {
    const { owner, publication } = await team();
    const first = await as(owner).publicationDesign.get({ slug: publication.slug });
    expect(first.fields).toEqual(DEFAULT_PUBLICATION_DESIGN);
    expect(first.design.nameTreatment).toBe('TEXT');

    const headerImageId = await storedUpload(db, owner, 1600, 400);
    const saved = await as(owner).publicationDesign.save({
      collectionId: publication.id,
      ...designed,
      headerImageId,
    });
    const fields = { ...designed, tintColor: '#FF0A2540', headerImageId };
    expect(saved).toMatchObject({ message: texts.saved, fields });
    expect(await stored(publication.id)).toEqual(fields);

    // Every page reads the design with the public header: visitors too, as CSS built from the parsed colours.
    const home = await as(null).publications.home({ slug: publication.slug });
    expect(home.design).toEqual({
      style: publicationDesignStyle(fields),
      nameTreatment: 'LOGO',
      taglineTreatment: 'SIDEBAR',
      headerScale: 'LARGE',
      logo: { id: publication.logoId },
      headerImage: { id: headerImageId },
    });
    expect(home.design.style).toMatchObject({
      '--q-pub-header-bg': 'linear-gradient(180deg, rgba(26, 137, 23, 1), rgba(20, 103, 17, 1))',
      '--q-accent': 'rgba(10, 37, 64, 1)',
    });
  });

  it('is saved by an editor, who keeps the header image already there but not another’s upload', async () => {
    const { owner, editor, outsider, publication } = await team();
    const ownersImage = await storedUpload(db, owner, 1600, 400);
    await as(owner).publicationDesign.save({
      collectionId: publication.id,
      ...designed,
      headerImageId: ownersImage,
    });
    const byEditor = await as(editor).publicationDesign.save({
      collectionId: publication.id,
      ...designed,
      headerScale: 'SMALL',
      headerImageId: ownersImage,
    });
    expect(byEditor.fields).toMatchObject({ headerScale: 'SMALL', headerImageId: ownersImage });

    const before = await stored(publication.id);
    const r = await refusal(
      as(editor).publicationDesign.save({
        collectionId: publication.id,
        ...designed,
        headerScale: 'MEDIUM',
        headerImageId: await storedUpload(db, outsider, 1600, 400),
      }),
    );
    expect(r).toMatchObject({ code: 'BAD_REQUEST', message: publicationAdminTexts.imageNotYours });
    expect(await stored(publication.id)).toEqual(before);
  });

  it('refuses writers and strangers (and asks visitors to sign in), saving nothing', async () => {
    const { writer, outsider, publication } = await team();
    const before = await stored(publication.id);
    for (const viewer of [writer, outsider]) {
      for (const call of [
        () => as(viewer).publicationDesign.get({ slug: publication.slug }),
        () => as(viewer).publicationDesign.save({ collectionId: publication.id, ...designed }),
        () => as(viewer).publicationDesign.reset({ collectionId: publication.id }),
      ]) {
        expect(await refusal(call())).toEqual({ code: 'FORBIDDEN', message: accessTexts.managePublication });
      }
    }
    expect(await refusal(as(null).publicationDesign.get({ slug: publication.slug }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(
      await refusal(as(null).publicationDesign.save({ collectionId: publication.id, ...designed })),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await refusal(as(writer).publicationDesign.get({ slug: 'no-such-publication' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await stored(publication.id)).toEqual(before);
  });

  it('refuses colours outside the spec’s forms with the spec’s messages, and NUL bytes, saving nothing', async () => {
    const { owner, publication } = await team();
    const before = await stored(publication.id);
    // The field each refusal names, and its message (the caller's error carries zod's issues as they are).
    const attempts: [Record<string, unknown>, string][] = [
      [{ backgroundColor: '#1A8917' }, validationMessages.invalidColor],
      [{ tintColor: '#GG1A8917' }, validationMessages.invalidColor],
      [{ tintColor: 'rgba(300, 0, 0, 1)' }, validationMessages.invalidColor],
      [{ backgroundColor: 'green' }, validationMessages.unrecognizedColor],
      [{ tintColor: 'url(https://evil.example)' }, validationMessages.unrecognizedColor],
      [{ backgroundColor: '#FF1A8917\u0000' }, inputTexts.invalidCharacters],
      [{ headerImageId: 'a\u0000.png' }, inputTexts.invalidCharacters],
      [{ collectionId: `${publication.id}\u0000` }, inputTexts.invalidCharacters],
      [{ fontSet: 'COMIC_SANS' }, 'SANS_SERIF_1'],
    ];
    for (const [change, message] of attempts) {
      const r = await refusal(
        as(owner).publicationDesign.save({ collectionId: publication.id, ...designed, ...change } as never),
      );
      expect(r?.code, JSON.stringify(change)).toBe('BAD_REQUEST');
      expect(r?.message, JSON.stringify(change)).toContain(message);
      expect(r?.message, JSON.stringify(change)).toContain(`"${Object.keys(change)[0]}"`);
    }
    expect(await stored(publication.id)).toEqual(before);
  });

  it('goes back to the default design on reset', async () => {
    const { owner, editor, publication } = await team();
    await as(owner).publicationDesign.save({
      collectionId: publication.id,
      ...designed,
      headerImageId: await storedUpload(db, owner, 1600, 400),
    });
    const reset = await as(editor).publicationDesign.reset({ collectionId: publication.id });
    expect(reset).toMatchObject({ message: texts.resetDone, fields: DEFAULT_PUBLICATION_DESIGN });
    expect(await stored(publication.id)).toEqual(DEFAULT_PUBLICATION_DESIGN);
    const home = await as(null).publications.home({ slug: publication.slug });
    expect(home.design.style).toEqual(publicationDesignStyle(DEFAULT_PUBLICATION_DESIGN));
    expect(home.design.headerImage).toEqual({ id: null });
  });
});

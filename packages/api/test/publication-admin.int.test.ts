import {
  Block,
  Collection,
  CollectionInvitation,
  CollectionMember,
  EmailOutbox,
  Notification,
  Post,
  User,
} from '@quire/db';
import { accessTexts, PUBLICATION_LIMITS, publicationAdminTexts as texts } from '@quire/domain';
import {
  addCollectionMember,
  buildCollection,
  buildPost,
  buildUser,
  useTestDatabase,
} from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { browser, refusal, storedUpload, testClock } from './auth-helpers';

const db = useTestDatabase();
const clock = testClock();
const as = (viewer: User | null) => browser(db, clock, { viewer }).caller;

const newPublication = (slug: string, extra: Record<string, unknown> = {}) => ({
  name: 'The Night Shift',
  slug,
  tagline: 'Stories written after dark',
  description: 'Essays and fiction.',
  tags: ['Writing', 'Night Life', 'writing'],
  contactEmail: 'editors@example.com',
  ...extra,
});

describe('creating a publication', () => {
  it('makes the creator its owner, with the form as given', async () => {
    const owner = await buildUser(db.em());
    const logoId = await storedUpload(db, owner);
    const made = await as(owner).publications.create(newPublication('the-night-shift', { logoId }));
    expect(made).toEqual({ id: made.id, slug: 'the-night-shift', url: '/the-night-shift' });
    const row = await db.em().findOneOrFail(Collection, made.id);
    expect(row).toMatchObject({
      name: 'The Night Shift',
      tagline: 'Stories written after dark',
      tags: ['writing', 'night-life'],
      contactEmail: 'editors@example.com',
      logoId,
      avatarId: null,
    });
    expect(await db.em().findOneOrFail(CollectionMember, { collection: made.id })).toMatchObject({
      role: 'OWNER',
      user: { id: owner.id },
    });
    const home = await as(owner).publications.home({ slug: 'the-night-shift' });
    expect(home.viewerEdge).toMatchObject({ isEditor: true });
  });

  it('refuses taken, reserved and malformed slugs, others’ images and bad input, saving nothing', async () => {
    const owner = await buildUser(db.em());
    const other = await buildUser(db.em());
    await as(owner).publications.create(newPublication('taken-slug'));
    const before = await db.em().count(Collection);
    const attempts: [Record<string, unknown>, string][] = [
      [newPublication('taken-slug'), texts.slugTaken],
      [newPublication('membership'), texts.slugReserved],
      [newPublication('help'), texts.slugReserved],
      [newPublication('search'), texts.slugReserved],
      [newPublication('new-publication'), texts.slugReserved],
      [newPublication('trpc'), texts.slugReserved],
      [newPublication('Bad Slug!'), texts.slugMalformed],
      [newPublication('a--b'), texts.slugMalformed],
      [newPublication('ab'), texts.slugTooShort],
      [newPublication('x'.repeat(61)), texts.slugTooLong],
      [newPublication('fine-slug', { name: '   ' }), texts.nameRequired],
      [newPublication('fine-slug', { name: 'A\u0000B' }), 'invalid'],
      [newPublication('fine-slug', { tagline: '\ud800' }), 'invalid'],
      [newPublication('fine-slug', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }), texts.tooManyTags],
      [newPublication('fine-slug', { contactEmail: 'nobody' }), 'valid email'],
      [newPublication('fine-slug', { logoId: await storedUpload(db, other) }), texts.imageNotYours],
    ];
    for (const [input, message] of attempts) {
      const r = await refusal(as(owner).publications.create(input as never));
      expect(r?.message, JSON.stringify(input)).toContain(message === 'invalid' ? '' : message);
      expect(['BAD_REQUEST', 'CONFLICT']).toContain(r?.code);
    }
    expect(await db.em().count(Collection)).toBe(before);
    expect(await as(owner).publications.slugAvailability({ slug: 'taken-slug' })).toMatchObject({
      available: false,
      message: texts.slugTaken,
    });
    expect(await as(owner).publications.slugAvailability({ slug: 'about' })).toMatchObject({
      available: false,
      message: texts.slugReserved,
    });
    expect(await as(owner).publications.slugAvailability({ slug: 'free-slug' })).toMatchObject({
      available: true,
    });
    expect(await refusal(as(null).publications.create(newPublication('visitor-pub')))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('gives a slug two people race for to one of them only', async () => {
    const a = await buildUser(db.em());
    const b = await buildUser(db.em());
    const results = await Promise.allSettled([
      as(a).publications.create(newPublication('race-slug')),
      as(b).publications.create(newPublication('race-slug')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await db.em().count(Collection, { slug: 'race-slug' })).toBe(1);
  });

  it('counts an account’s publications atomically against the limit', async () => {
    const owner = await buildUser(db.em());
    for (let i = 0; i < PUBLICATION_LIMITS.createdPerAccount - 2; i++)
      await buildCollection(db.em(), { creator: owner });
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((i) => as(owner).publications.create(newPublication(`limit-${owner.id}-${i}`))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await db.em().count(Collection, { creator: owner.id })).toBe(PUBLICATION_LIMITS.createdPerAccount);
  });
});

async function team() {
  const em = db.em();
  const owner = await buildUser(em, { name: 'Olive Owner' });
  const editor = await buildUser(em, { name: 'Eddie Editor' });
  const writer = await buildUser(em, { name: 'Wren Writer' });
  const outsider = await buildUser(em, { name: 'Otto Outsider' });
  const publication = await buildCollection(em, { creator: owner });
  await addCollectionMember(em, publication, editor, 'EDITOR');
  await addCollectionMember(em, publication, writer, 'WRITER');
  return { owner, editor, writer, outsider, publication };
}

describe('a publication’s people', () => {
  it('lists members by role with what the viewer may change; writers and strangers may not see it', async () => {
    const { owner, editor, writer, outsider, publication } = await team();
    const seen = await as(owner).publications.people({ slug: publication.slug });
    expect(
      seen.members.map((m) => [m.user.name, m.role, m.canRemove, m.canMakeEditor, m.canMakeOwner]),
    ).toEqual([
      ['Olive Owner', 'OWNER', false, false, false],
      ['Eddie Editor', 'EDITOR', true, true, true],
      ['Wren Writer', 'WRITER', true, true, true],
    ]);
    const byEditor = await as(editor).publications.people({ slug: publication.slug });
    expect(byEditor.members.map((m) => [m.role, m.canRemove, m.canMakeEditor])).toEqual([
      ['OWNER', false, false],
      ['EDITOR', false, false],
      ['WRITER', true, false],
    ]);
    expect(byEditor.canInviteEditors).toBe(false);
    // Only the owner turns an editor back into a writer; the owner cannot leave, an editor can.
    expect(seen.members.find((m) => m.role === 'EDITOR')?.canMakeWriter).toBe(true);
    expect(byEditor.members.find((m) => m.role === 'EDITOR')?.canMakeWriter).toBe(false);
    expect([seen.canLeave, byEditor.canLeave]).toEqual([false, true]);
    // The viewer's own publications say what the policy lets them do there.
    const mine = async (viewer: User) =>
      (await as(viewer).yourPages.publications()).publications
        .filter((p) => p.id === publication.id)
        .map((p) => [p.role, p.canManage, p.canLeave]);
    expect(await mine(owner)).toEqual([['OWNER', true, false]]);
    expect(await mine(editor)).toEqual([['EDITOR', true, true]]);
    expect(await mine(writer)).toEqual([['WRITER', false, true]]);
    for (const viewer of [writer, outsider])
      expect(await refusal(as(viewer).publications.people({ slug: publication.slug }))).toEqual({
        code: 'FORBIDDEN',
        message: accessTexts.managePublication,
      });
  });

  it('invites by username: mailed and notified; accepted, the invitee writes for it', async () => {
    const { owner, outsider, publication } = await team();
    clock.advance(1000);
    const sent = await as(owner).publications.invite({
      collectionId: publication.id,
      who: `@${outsider.username}`,
      role: 'WRITER',
    });
    expect(sent.message).toBe(texts.inviteSent(outsider.name));
    expect(
      await db.em().count(EmailOutbox, { to: outsider.email!, template: 'publication-invitation' }),
    ).toBe(1);
    expect(
      await db
        .em()
        .count(Notification, { recipient: outsider.id, notificationType: 'collection_invitation' }),
    ).toBe(1);
    const mine = await as(outsider).publications.invitations();
    expect(mine.invitations).toHaveLength(1);
    expect(mine.invitations[0]).toMatchObject({ role: 'WRITER', inviter: 'Olive Owner' });
    const done = await as(outsider).publications.answerInvitation({
      invitationId: mine.invitations[0]!.id,
      accept: true,
    });
    expect(done.message).toBe(texts.accepted(publication.name));
    expect(
      await db.em().findOneOrFail(CollectionMember, { collection: publication.id, user: outsider.id }),
    ).toMatchObject({
      role: 'WRITER',
    });
    // Answered once: a second answer finds nothing.
    expect(
      (
        await refusal(
          as(outsider).publications.answerInvitation({
            invitationId: mine.invitations[0]!.id,
            accept: false,
          }),
        )
      )?.code,
    ).toBe('NOT_FOUND');
  });

  it('invites an address with no account; whoever signs up with it verified can answer, nobody else', async () => {
    const { owner, outsider, publication } = await team();
    await as(owner).publications.invite({
      collectionId: publication.id,
      who: 'New.Person@Example.com',
      role: 'EDITOR',
    });
    const invitation = await db.em().findOneOrFail(CollectionInvitation, { collection: publication.id });
    expect(invitation).toMatchObject({ email: 'new.person@example.com', user: null, status: 'PENDING' });
    expect(await db.em().count(EmailOutbox, { to: 'new.person@example.com' })).toBe(1);
    expect(
      (
        await refusal(
          as(outsider).publications.answerInvitation({ invitationId: invitation.id, accept: true }),
        )
      )?.code,
    ).toBe('NOT_FOUND');
    const unverified = await buildUser(db.em(), { email: 'new.person@example.com' });
    expect((await as(unverified).publications.invitations()).invitations).toHaveLength(0);
    const em = db.em();
    const row = await em.findOneOrFail(User, unverified.id);
    row.emailVerifiedAt = new Date();
    await em.flush();
    expect((await as(row).publications.invitations()).invitations).toHaveLength(1);
    await as(row).publications.answerInvitation({ invitationId: invitation.id, accept: false });
    expect(await db.em().findOneOrFail(CollectionInvitation, invitation.id)).toMatchObject({
      status: 'DECLINED',
    });
    expect(await db.em().count(CollectionMember, { collection: publication.id, user: row.id })).toBe(0);
  });

  it('offers a writer, once a member, the publication in the editor’s publish dialog', async () => {
    const { owner, outsider, publication } = await team();
    const draft = await buildPost(db.em(), { creator: outsider, title: 'A draft', status: 'DRAFT' });
    expect((await as(outsider).posts.editorState({ id: draft.id })).publications).toEqual([]);
    await as(owner).publications.invite({
      collectionId: publication.id,
      who: outsider.username,
      role: 'WRITER',
    });
    const [invitation] = (await as(outsider).publications.invitations()).invitations;
    await as(outsider).publications.answerInvitation({ invitationId: invitation!.id, accept: true });
    expect((await as(outsider).posts.editorState({ id: draft.id })).publications).toEqual([
      { id: publication.id, name: publication.name },
    ]);
  });

  it('refuses expired and revoked invitations', async () => {
    const { owner, editor, outsider, publication } = await team();
    await as(editor).publications.invite({
      collectionId: publication.id,
      who: outsider.username,
      role: 'WRITER',
    });
    const invitation = await db.em().findOneOrFail(CollectionInvitation, { collection: publication.id });
    clock.advance(PUBLICATION_LIMITS.invitationDays * 86_400_000 + 1000);
    expect(
      await refusal(
        as(outsider).publications.answerInvitation({ invitationId: invitation.id, accept: true }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: texts.invitationExpired,
    });
    expect((await as(owner).publications.people({ slug: publication.slug })).invitations).toHaveLength(0);
    // Asked again, a fresh invitation; revoked, it cannot be answered.
    await as(owner).publications.invite({
      collectionId: publication.id,
      who: outsider.username,
      role: 'WRITER',
    });
    const open = (await as(owner).publications.people({ slug: publication.slug })).invitations;
    expect(open).toHaveLength(1);
    await as(owner).publications.revokeInvitation({ invitationId: open[0]!.id });
    expect(
      (await refusal(as(outsider).publications.answerInvitation({ invitationId: open[0]!.id, accept: true })))
        ?.code,
    ).toBe('NOT_FOUND');
    expect(await db.em().count(CollectionMember, { collection: publication.id, user: outsider.id })).toBe(0);
  });

  it('refuses invitations to nobody, to members, to blocked people and by those without the right', async () => {
    const { owner, editor, writer, outsider, publication } = await team();
    const blocker = await buildUser(db.em());
    const blockedByEditor = await buildUser(db.em());
    const em = db.em();
    em.create(Block, { blocker: blocker.id, blocked: owner.id });
    em.create(Block, { blocker: editor.id, blocked: blockedByEditor.id });
    await em.flush();
    const invite = (viewer: User, who: string, role: 'EDITOR' | 'WRITER' = 'WRITER') =>
      refusal(as(viewer).publications.invite({ collectionId: publication.id, who, role }));
    expect(await invite(owner, 'nobody-has-this-name')).toMatchObject({ message: texts.noSuchUser });
    expect(await invite(owner, writer.username)).toMatchObject({ message: texts.alreadyMember(writer.name) });
    expect(await invite(owner, blocker.username)).toMatchObject({ message: texts.cannotInvite });
    // Either way: the one the editor blocked cannot be invited by them either.
    expect(await invite(editor, blockedByEditor.username)).toMatchObject({ message: texts.cannotInvite });
    expect(await invite(owner, '')).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await invite(editor, outsider.username, 'EDITOR')).toEqual({
      code: 'FORBIDDEN',
      message: texts.onlyOwnerEditors,
    });
    expect(await invite(writer, outsider.username)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await db.em().count(CollectionInvitation, { collection: publication.id })).toBe(0);
  });

  it('changes roles, removes people, hands over ownership and lets members leave, each by the rules', async () => {
    const { owner, editor, writer, publication } = await team();
    const collectionId = publication.id;
    // An editor may not make editors, nor touch another editor or the owner.
    expect(
      (await refusal(as(editor).publications.changeRole({ collectionId, userId: writer.id, role: 'EDITOR' })))
        ?.message,
    ).toBe(texts.onlyOwnerEditors);
    expect(
      (await refusal(as(editor).publications.removeMember({ collectionId, userId: owner.id })))?.message,
    ).toBe(texts.ownerStays);
    expect(
      (await refusal(as(writer).publications.removeMember({ collectionId, userId: editor.id })))?.code,
    ).toBe('FORBIDDEN');
    expect(
      (await refusal(as(editor).publications.transferOwnership({ collectionId, userId: editor.id })))?.code,
    ).toBe('FORBIDDEN');
    expect((await refusal(as(owner).publications.leave({ collectionId })))?.message).toBe(
      texts.ownerCannotLeave,
    );

    await as(owner).publications.changeRole({ collectionId, userId: writer.id, role: 'EDITOR' });
    expect(
      await db.em().findOneOrFail(CollectionMember, { collection: collectionId, user: writer.id }),
    ).toMatchObject({
      role: 'EDITOR',
    });
    await as(owner).publications.transferOwnership({ collectionId, userId: editor.id });
    const roles = await db
      .em()
      .find(CollectionMember, { collection: collectionId }, { orderBy: { role: 'asc' } });
    expect(Object.fromEntries(roles.map((m) => [m.user.id, m.role]))).toEqual({
      [owner.id]: 'EDITOR',
      [editor.id]: 'OWNER',
      [writer.id]: 'EDITOR',
    });
    // The new owner removes the old one; the other editor leaves.
    await as(editor).publications.removeMember({ collectionId, userId: owner.id });
    await as(writer).publications.leave({ collectionId });
    expect(await db.em().count(CollectionMember, { collection: collectionId })).toBe(1);
    expect((await refusal(as(owner).publications.people({ slug: publication.slug })))?.code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('a publication’s settings', () => {
  it('saves the fields for editors only, keeps the old images, refuses others’ uploads', async () => {
    const { owner, editor, writer, outsider, publication } = await team();
    const logoId = await storedUpload(db, owner);
    const base = {
      collectionId: publication.id,
      name: 'Renamed',
      tagline: 'New line',
      description: 'About us',
      tags: ['Poetry'],
    };
    const saved = await as(owner).publications.update({
      ...base,
      logoId,
      avatarId: null,
      contactEmail: null,
    });
    expect(saved).toMatchObject({ message: texts.saved, name: 'Renamed', tags: ['poetry'], logoId });
    // An editor saving the form again keeps the owner's logo: it is the one already there.
    await as(editor).publications.update({
      ...base,
      name: 'By the editor',
      logoId,
      avatarId: null,
      contactEmail: null,
    });
    expect(await db.em().findOneOrFail(Collection, publication.id)).toMatchObject({
      name: 'By the editor',
      logoId,
    });
    expect(
      (
        await refusal(
          as(editor).publications.update({
            ...base,
            logoId: await storedUpload(db, outsider),
            avatarId: null,
            contactEmail: null,
          }),
        )
      )?.message,
    ).toContain(texts.imageNotYours);
    for (const viewer of [writer, outsider])
      expect((await refusal(as(viewer).publications.settings({ slug: publication.slug })))?.code).toBe(
        'FORBIDDEN',
      );
    expect((await as(owner).publications.settings({ slug: publication.slug })).canDelete).toBe(true);
    expect((await as(editor).publications.settings({ slug: publication.slug })).canDelete).toBe(false);
  });

  it('exports followers as CSV with quoting and defused formulas', async () => {
    const { owner, publication } = await team();
    const em = db.em();
    const tricky = await buildUser(em, { name: '=HYPERLINK("x"), Inc' });
    await as(tricky).social.followCollection({ targetCollectionId: publication.id });
    const { csv, filename } = await as(owner).publications.followersCsv({ slug: publication.slug });
    expect(filename).toBe(`${publication.slug}-followers.csv`);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(texts.followersCsvHeader);
    expect(lines[1]).toMatch(new RegExp(`^"'=HYPERLINK\\(""x""\\), Inc",${tricky.username},\\d{4}-`));
  });

  it('is deleted by its owner alone, typing its name; its stories stay with their writers', async () => {
    const { owner, editor, writer, publication } = await team();
    const story = await buildPost(db.em(), { creator: writer, collection: publication, title: 'Stays' });
    expect(
      (
        await refusal(
          as(editor).publications.delete({ collectionId: publication.id, confirmName: publication.name }),
        )
      )?.message,
    ).toBe(texts.onlyOwnerDeletes);
    expect(
      (await refusal(as(owner).publications.delete({ collectionId: publication.id, confirmName: 'wrong' })))
        ?.message,
    ).toBe(texts.deleteMismatch);
    await as(owner).publications.delete({ collectionId: publication.id, confirmName: publication.name });
    expect(await db.em().count(Collection, publication.id)).toBe(0);
    expect(await db.em().count(CollectionMember, { collection: publication.id })).toBe(0);
    expect(await db.em().findOneOrFail(Post, story.id)).toMatchObject({
      status: 'PUBLISHED',
      collection: null,
    });
  });

  it('claims a custom domain for the publication through the profile’s domain code, for its editors only', async () => {
    const { owner, writer, publication } = await team();
    const domain = `mag-${publication.id}.example.com`;
    const out = await as(owner).customDomains.setDomain({ collectionId: publication.id, domain });
    expect(out.domain?.domain).toBe(domain);
    expect((await as(owner).customDomains.current({ collectionId: publication.id })).domain?.domain).toBe(
      domain,
    );
    // The owner's own profile has no domain: the two are apart.
    expect((await as(owner).customDomains.current()).domain).toBeNull();
    expect((await refusal(as(writer).customDomains.current({ collectionId: publication.id })))?.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await refusal(as(writer).customDomains.removeDomain({ collectionId: publication.id })))?.code,
    ).toBe('FORBIDDEN');
    await as(owner).customDomains.removeDomain({ collectionId: publication.id });
    expect((await as(owner).customDomains.current({ collectionId: publication.id })).domain).toBeNull();
  });
});

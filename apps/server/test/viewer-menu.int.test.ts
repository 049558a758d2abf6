import { TaxDocument, UserDismissedFlag } from '@quire/db';
import { TaxDocumentStatus } from '@quire/domain';
import { addCollectionMember, buildCollection, buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

const t = useTestApp();

const gql = t.gql;

describe('GraphQL AvatarMenuQuery', () => {
  it('answers the viewer with the publications they own or edit, not those they only write for', async () => {
    const em = t.db.em();
    const me = await buildUser(em, { username: 'menu-ada', email: 'menu-ada@example.com' });
    const other = await buildUser(em);
    const owned = await buildCollection(em, { creator: me, name: 'Owned', slug: 'owned-pub' });
    const edited = await buildCollection(em, { creator: other, name: 'Edited', slug: 'edited-pub' });
    await addCollectionMember(em, edited, me, 'EDITOR');
    const written = await buildCollection(em, { creator: other, name: 'Written', slug: 'written-pub' });
    await addCollectionMember(em, written, me, 'WRITER');

    const res = await gql('AvatarMenuQuery', {}, authHeaders(await buildSession(em, me)));
    const viewer = res.json().data.viewer;
    expect(viewer).toMatchObject({
      id: me.id,
      username: 'menu-ada',
      email: 'menu-ada@example.com',
      isPartnerProgramEnrolled: false,
      mediumMemberAt: 0,
    });
    expect(viewer.adminCollections).toEqual([
      { id: owned.id, name: 'Owned', avatar: { id: null }, slug: 'owned-pub' },
      { id: edited.id, name: 'Edited', avatar: { id: null }, slug: 'edited-pub' },
    ]);
  });

  it('needs sign-in', async () => {
    const res = await gql('AvatarMenuQuery', {});
    expect(res.json().data).toBeNull();
    expect(res.json().errors[0].message).toBe('You need to sign in first.');
  });
});

describe('GraphQL DismissFlag', () => {
  it('records the flag once, answers every dismissed flag and refuses another user’s id', async () => {
    const em = t.db.em();
    const me = await buildUser(em);
    const other = await buildUser(em);
    const headers = authHeaders(await buildSession(em, me));

    const first = await gql('DismissFlag', { userId: me.id, flag: 'PP_TERMS_ACKNOWLEDGEMENT' }, headers);
    expect(first.json().data.dismissFlag).toEqual({
      id: me.id,
      dismissableFlags: ['PP_TERMS_ACKNOWLEDGEMENT'],
    });
    const again = await gql('DismissFlag', { userId: me.id, flag: 'PP_TERMS_ACKNOWLEDGEMENT' }, headers);
    expect(again.json().data.dismissFlag.dismissableFlags).toEqual(['PP_TERMS_ACKNOWLEDGEMENT']);
    expect(await t.db.em().count(UserDismissedFlag, { user: me.id })).toBe(1);

    const theirs = await gql('DismissFlag', { userId: other.id, flag: 'SOMETHING' }, headers);
    expect(theirs.json().errors[0].message).toBe('You can only dismiss your own flags.');
    expect(await t.db.em().count(UserDismissedFlag, { user: other.id })).toBe(0);

    const viewer = await gql('ViewerQuery', {}, headers);
    expect(viewer.json().data.viewer.dismissableFlags).toEqual(['PP_TERMS_ACKNOWLEDGEMENT']);
  });

  it('needs sign-in and the anti-forgery header', async () => {
    const em = t.db.em();
    const me = await buildUser(em);
    const token = await buildSession(em, me);

    const signedOut = await gql('DismissFlag', { userId: me.id, flag: 'X' }, authHeaders(null));
    expect(signedOut.json().errors[0].message).toBe('You need to sign in first.');

    const noHeader = await gql(
      'DismissFlag',
      { userId: me.id, flag: 'X' },
      { cookie: `sid=${token}; xsrf=abc` },
    );
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().errors[0].message).toBe('Invalid or missing anti-forgery token.');
    expect(await t.db.em().count(UserDismissedFlag, { user: me.id })).toBe(0);
  });
});

describe('GraphQL TaxStatusToastLoaderQuery', () => {
  it('answers a Partner Program writer their own tax forms, refuses another id and needs sign-in', async () => {
    const em = t.db.em();
    const writer = await buildUser(em, { isPartnerProgramEnrolled: true });
    const limitedAt = new Date('2027-01-15T00:00:00Z');
    em.create(TaxDocument, { user: writer, status: TaxDocumentStatus.PENDING, earningsLimitedAt: limitedAt });
    await em.flush();
    const headers = authHeaders(await buildSession(em, writer));

    const res = await gql('TaxStatusToastLoaderQuery', { userId: writer.id }, headers);
    expect(res.json().data.user).toEqual({
      id: writer.id,
      userTaxDocuments: {
        taxDocumentStatus: TaxDocumentStatus.PENDING,
        earningsFirstWithheldAt: null,
        earningsLimitedAt: limitedAt.getTime(),
        earningsForfeitedAt: null,
        earningsInternallyForfeitedAt: null,
      },
    });

    const reader = await buildUser(em);
    const readerHeaders = authHeaders(await buildSession(em, reader));
    const none = await gql('TaxStatusToastLoaderQuery', { userId: reader.id }, readerHeaders);
    expect(none.json().data.user.userTaxDocuments).toBeNull();
    const theirs = await gql('TaxStatusToastLoaderQuery', { userId: writer.id }, readerHeaders);
    expect(theirs.json().errors[0].message).toBe('You can only see your own tax forms.');
    const signedOut = await gql('TaxStatusToastLoaderQuery', { userId: writer.id });
    expect(signedOut.json().errors[0].message).toBe('You need to sign in first.');
  });
});

import { Block, Report, UserDismissedFlag } from '@quire/db';
import { accessTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { authHeaders, useTestApp } from './helpers';

/*
 * Old clients name the acting user (userId, viewerId). The tRPC procedures decide who may act; the GraphQL
 * shim only passes the id on, so both answer the same refusal with the same text.
 */

const t = useTestApp();

const trpcMutation = (path: string, input: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input, headers });
const trpcQuery = (path: string, input: object | undefined, headers: Record<string, string>) =>
  t.app.inject({
    url: `/trpc/${path}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
    headers,
  });

async function twoUsers() {
  const em = t.db.em();
  const me = await buildUser(em);
  const other = await buildUser(em);
  return { me, other, headers: authHeaders(await buildSession(em, me)) };
}

const gqlMessage = (res: { json(): { errors?: { message: string }[] } }) => res.json().errors?.[0]?.message;
const trpcError = (res: { json(): { error?: { message: string; data: { code: string } } } }) => {
  const error = res.json().error;
  return { code: error?.data.code, message: error?.message };
};

describe('blocking and reporting as another user is refused by the social procedures', () => {
  it('blockUser and unblockUser refuse another userId or viewerId, over GraphQL and tRPC alike', async () => {
    const { me, other, headers } = await twoUsers();
    const target = await buildUser(t.db.em());
    for (const named of [{ userId: other.id }, { viewerId: other.id }]) {
      for (const [operation, procedure] of [
        ['blockUser', 'social.blockUser'],
        ['unblockUser', 'social.unblockUser'],
      ] as const) {
        const variables = { ...named, targetUserId: target.id };
        const viaGraphQL = await t.gql(operation, variables, headers);
        expect(gqlMessage(viaGraphQL), operation).toBe(accessTexts.otherUsersAction);
        const viaTrpc = await trpcMutation(procedure, variables, headers);
        expect(viaTrpc.statusCode, procedure).toBe(403);
        expect(trpcError(viaTrpc), procedure).toEqual({
          code: 'FORBIDDEN',
          message: accessTexts.otherUsersAction,
        });
      }
    }
    expect(await t.db.em().count(Block, { blocked: target.id })).toBe(0);

    const own = await trpcMutation('social.blockUser', { userId: me.id, targetUserId: target.id }, headers);
    expect(own.json().result.data.viewerEdge.isBlocking).toBe(true);
    expect(await t.db.em().count(Block, { blocker: me.id, blocked: target.id })).toBe(1);
  });

  it('reportUser refuses another userId, over GraphQL and tRPC alike, and files nothing', async () => {
    const { me, other, headers } = await twoUsers();
    const target = await buildUser(t.db.em());
    const variables = { userId: other.id, targetUserId: target.id, alsoBlockUser: true };
    const viaGraphQL = await t.gql('reportAndMaybeBlockUser', variables, headers);
    expect(gqlMessage(viaGraphQL)).toBe(accessTexts.otherUsersAction);
    const viaTrpc = await trpcMutation('social.reportUser', variables, headers);
    expect(trpcError(viaTrpc)).toEqual({ code: 'FORBIDDEN', message: accessTexts.otherUsersAction });
    expect(await t.db.em().count(Report, { targetId: target.id })).toBe(0);
    expect(await t.db.em().count(Block, { blocked: target.id })).toBe(0);

    const own = await trpcMutation('social.reportUser', { ...variables, userId: me.id }, headers);
    expect(own.statusCode).toBe(200);
    expect(await t.db.em().count(Report, { reporter: me.id, targetId: target.id })).toBe(1);
  });

  it('naming a user while signed out asks to sign in, over GraphQL and tRPC alike', async () => {
    const { me } = await twoUsers();
    const target = await buildUser(t.db.em());
    const variables = { userId: me.id, targetUserId: target.id };
    expect(gqlMessage(await t.gql('blockUser', variables, authHeaders(null)))).toBe(accessTexts.signIn);
    const viaTrpc = await trpcMutation('social.blockUser', variables, authHeaders(null));
    expect(trpcError(viaTrpc)).toEqual({ code: 'UNAUTHORIZED', message: accessTexts.signIn });
  });
});

describe('the viewer procedures behind AvatarMenuQuery, TaxStatusToastLoaderQuery and DismissFlag', () => {
  it('viewer.avatarMenu needs sign-in with the same text as AvatarMenuQuery, and answers the viewer', async () => {
    const { me, headers } = await twoUsers();
    expect(gqlMessage(await t.gql('AvatarMenuQuery', {}, authHeaders(null)))).toBe(accessTexts.signIn);
    const signedOut = await trpcQuery('viewer.avatarMenu', undefined, authHeaders(null));
    expect(trpcError(signedOut)).toEqual({ code: 'UNAUTHORIZED', message: accessTexts.signIn });
    const mine = await trpcQuery('viewer.avatarMenu', undefined, headers);
    expect(mine.json().result.data).toMatchObject({ id: me.id, adminCollections: [] });
  });

  it('viewer.taxStatus refuses another userId with the same text as TaxStatusToastLoaderQuery', async () => {
    const { me, other, headers } = await twoUsers();
    const viaGraphQL = await t.gql('TaxStatusToastLoaderQuery', { userId: other.id }, headers);
    expect(gqlMessage(viaGraphQL)).toBe(accessTexts.otherUsersTaxForms);
    const viaTrpc = await trpcQuery('viewer.taxStatus', { userId: other.id }, headers);
    expect(viaTrpc.statusCode).toBe(403);
    expect(trpcError(viaTrpc)).toEqual({ code: 'FORBIDDEN', message: accessTexts.otherUsersTaxForms });
    const signedOut = await trpcQuery('viewer.taxStatus', { userId: me.id }, authHeaders(null));
    expect(trpcError(signedOut)).toEqual({ code: 'UNAUTHORIZED', message: accessTexts.signIn });
    const mine = await trpcQuery('viewer.taxStatus', { userId: me.id }, headers);
    expect(mine.json().result.data).toMatchObject({ id: me.id, userTaxDocuments: null });
  });

  it('viewer.dismissFlag refuses another userId with the same text as DismissFlag and records nothing', async () => {
    const { me, other, headers } = await twoUsers();
    const variables = { userId: other.id, flag: 'PP_TERMS_ACKNOWLEDGEMENT' };
    expect(gqlMessage(await t.gql('DismissFlag', variables, headers))).toBe(accessTexts.otherUsersFlags);
    const viaTrpc = await trpcMutation('viewer.dismissFlag', variables, headers);
    expect(viaTrpc.statusCode).toBe(403);
    expect(trpcError(viaTrpc)).toEqual({ code: 'FORBIDDEN', message: accessTexts.otherUsersFlags });
    expect(await t.db.em().count(UserDismissedFlag, {})).toBe(0);

    const own = await trpcMutation('viewer.dismissFlag', { ...variables, userId: me.id }, headers);
    expect(own.json().result.data).toEqual({ id: me.id, dismissableFlags: ['PP_TERMS_ACKNOWLEDGEMENT'] });
    const unnamed = await trpcMutation('viewer.dismissFlag', { flag: 'TOP_NAV' }, headers);
    expect(unnamed.json().result.data.dismissableFlags).toEqual(['PP_TERMS_ACKNOWLEDGEMENT', 'TOP_NAV']);
  });
});

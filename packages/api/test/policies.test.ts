import {
  accessTexts,
  newsletterAccessTexts,
  noteTexts,
  oauthAppTexts,
  publicationAdminTexts,
} from '@quire/domain';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  type ArgsOf,
  isListedStory,
  type PolicyViewer,
  type PostSubject,
  policyViewer,
  postUnavailable,
  refusal,
  rules,
} from '../src/policies';

/*
 * The policy as a table: each action, for each kind of viewer and state of its subject, allowed ('ok') or
 * the status it answers. A new action without its table fails the last test.
 */

const AUTHOR = 'a0000001';
const PUB = 'c0000001';
const PRIVATE_PUB = 'c0000002';

const user = (
  id: string,
  extra: Partial<{ isStaff: boolean; mediumMemberAt: number; isPartnerProgramEnrolled: boolean }> = {},
) => ({
  id,
  isStaff: false,
  isSuspended: false,
  mediumMemberAt: 0,
  isPartnerProgramEnrolled: false,
  ...extra,
});

/** Every kind of viewer the rules tell apart. */
const viewers: Record<string, PolicyViewer> = {
  anonymous: policyViewer(null),
  reader: policyViewer(user('b0000001')),
  member: policyViewer(user('b0000002', { mediumMemberAt: 1_700_000_000_000 })),
  author: policyViewer(user(AUTHOR), { roles: [[PRIVATE_PUB, 'WRITER']] }),
  partnerAuthor: policyViewer(user(AUTHOR, { isPartnerProgramEnrolled: true })),
  flaggedAuthor: policyViewer(user(AUTHOR), { flags: ['can_edit_members_only_posts'] }),
  editor: policyViewer(user('b0000003'), { roles: [[PUB, 'EDITOR']] }),
  writer: policyViewer(user('b0000004'), { roles: [[PUB, 'WRITER']] }),
  privateMember: policyViewer(user('b0000005'), { roles: [[PRIVATE_PUB, 'OWNER']] }),
  staff: policyViewer(user('b0000006', { isStaff: true })),
  blocked: policyViewer(user('b0000007'), { blockedBy: [AUTHOR] }),
};

const story = (extra: Partial<PostSubject> = {}): PostSubject => ({
  status: 'PUBLISHED',
  visibility: 'PUBLIC',
  deletedAt: null,
  isSuspended: false,
  isLocked: false,
  shareKey: 'share-key-1',
  responsesLocked: false,
  creator: { id: AUTHOR, isDeleted: false, isSuspended: false },
  collection: { id: PUB, visibility: 'PUBLIC' },
  pendingCollection: null,
  ...extra,
});

/** Every state of a story the rules tell apart. */
const stories: Record<string, PostSubject> = {
  public: story(),
  locked: story({ isLocked: true, visibility: 'LOCKED' }),
  draft: story({ status: 'DRAFT', collection: null }),
  lockedDraft: story({ status: 'DRAFT', isLocked: true, collection: null }),
  submitted: story({ status: 'DRAFT', collection: null, pendingCollection: { id: PUB } }),
  unlisted: story({ status: 'UNLISTED', visibility: 'UNLISTED' }),
  trashed: story({ deletedAt: new Date(0) }),
  suspended: story({ isSuspended: true }),
  privatePub: story({ collection: { id: PRIVATE_PUB, visibility: 'PRIVATE' } }),
  authorSuspended: story({ creator: { id: AUTHOR, isDeleted: false, isSuspended: true } }),
  authorDeleted: story({ creator: { id: AUTHOR, isDeleted: true, isSuspended: false } }),
  closed: story({ responsesLocked: true }),
};

type Outcome = 'ok' | 'NOT_FOUND' | 'FORBIDDEN' | 'BAD_REQUEST' | 'UNAUTHORIZED';

/** What `action` answers each viewer for one subject. */
const outcomes = <A extends Action>(action: A, ...args: ArgsOf<A>): Record<string, Outcome> =>
  Object.fromEntries(
    Object.entries(viewers).map(([name, viewer]) => [name, refusal(viewer, action, ...args)?.code ?? 'ok']),
  );

/** Row per viewer: expected outcome for each story state, in the order of `stories`. */
function storyTable(action: Action, rows: Record<string, string>, opts?: { shareKey?: string }) {
  const codes: Record<string, Outcome> = {
    o: 'ok',
    N: 'NOT_FOUND',
    F: 'FORBIDDEN',
    B: 'BAD_REQUEST',
    U: 'UNAUTHORIZED',
  };
  for (const [i, [state, post]] of Object.entries(stories).entries()) {
    const got = outcomes(action as 'readFullText', post, opts);
    const want = Object.fromEntries(
      Object.entries(rows).map(([viewer, line]) => [
        viewer,
        codes[line.trim().split(/\s+/)[i] ?? '?'] ?? '?',
      ]),
    );
    expect(got, `${action} on a ${state} story`).toEqual(want);
  }
}

const tested = new Set<string>();
const table = (action: Action, fn: () => void) =>
  it(action, () => {
    tested.add(action);
    fn();
  });

describe('the policy table (viewer × story state)', () => {
  //                      public locked draft lockedDraft submitted unlisted trashed suspended privatePub authorSusp authorDel closed
  table('viewPost', () =>
    storyTable('viewPost', {
      anonymous: '      o o N N N o N N N N N o',
      reader: '         o o N N N o N N N N N o',
      member: '         o o N N N o N N N N N o',
      author: '         o o o o o o N o o o N o',
      partnerAuthor: ' o o o o o o N o o o N o',
      flaggedAuthor: ' o o o o o o N o o o N o',
      editor: '         o o N N N o N N N N N o',
      writer: '         o o N N N o N N N N N o',
      privateMember: ' o o N N N o N N o N N o',
      staff: '          o o N N N o N N N N N o',
      blocked: '        N N N N N N N N N N N N',
    }),
  );
  table('viewPublishedPost', () =>
    storyTable('viewPublishedPost', {
      anonymous: '      o o N N N o N N N N N o',
      reader: '         o o N N N o N N N N N o',
      member: '         o o N N N o N N N N N o',
      author: '         o o N N N o N o o o N o',
      partnerAuthor: ' o o N N N o N o o o N o',
      flaggedAuthor: ' o o N N N o N o o o N o',
      editor: '         o o N N N o N N N N N o',
      writer: '         o o N N N o N N N N N o',
      privateMember: ' o o N N N o N N o N N o',
      staff: '          o o N N N o N N N N N o',
      blocked: '        N N N N N N N N N N N N',
    }),
  );
  table('readFullText', () => {
    storyTable('readFullText', {
      anonymous: '      o F N N N o N N N N N o',
      reader: '         o F N N N o N N N N N o',
      member: '         o o N N N o N N N N N o',
      author: '         o o o o o o N o o o N o',
      partnerAuthor: ' o o o o o o N o o o N o',
      flaggedAuthor: ' o o o o o o N o o o N o',
      editor: '         o o N N N o N N N N N o',
      writer: '         o F N N N o N N N N N o',
      privateMember: ' o F N N N o N N o N N o',
      staff: '          o F N N N o N N N N N o',
      blocked: '        N N N N N N N N N N N N',
    });
    // The author's friend link opens the story to anyone; another key does not.
    expect(outcomes('readFullText', stories.locked!, { shareKey: 'share-key-1' }).anonymous).toBe('ok');
    expect(outcomes('readFullText', stories.locked!, { shareKey: 'another-key' }).anonymous).toBe(
      'FORBIDDEN',
    );
  });
  table('readListedText', () => {
    expect(outcomes('readListedText', stories.locked!)).toMatchObject({
      anonymous: 'FORBIDDEN',
      reader: 'FORBIDDEN',
      writer: 'FORBIDDEN',
      member: 'ok',
      author: 'ok',
      editor: 'ok',
    });
    expect(Object.values(outcomes('readListedText', stories.public!)).every((o) => o === 'ok')).toBe(true);
  });
  table('editPost', () =>
    storyTable('editPost', {
      anonymous: '      F F F F F F F F F F F F',
      reader: '         F F F F F F F F F F F F',
      member: '         F F F F F F F F F F F F',
      author: '         o F o o o o o o o o o o',
      partnerAuthor: ' o F o o o o o o o o o o',
      flaggedAuthor: ' o o o o o o o o o o o o',
      editor: '         o F F F o o o o F o o o',
      writer: '         F F F F F F F F F F F F',
      privateMember: ' F F F F F F F F o F F F',
      staff: '          F F F F F F F F F F F F',
      blocked: '        F F F F F F F F F F F F',
    }),
  );
  table('lockPost', () =>
    storyTable('lockPost', {
      anonymous: '      F F F F F F F F F F F F',
      reader: '         F F F F F F F F F F F F',
      member: '         F F F F F F F F F F F F',
      author: '         F F F F F F F F F F F F',
      partnerAuthor: ' o o o o o o o o o o o o',
      flaggedAuthor: ' F F F F F F F F F F F F',
      editor: '         o o F F o o o o F o o o',
      writer: '         F F F F F F F F F F F F',
      privateMember: ' F F F F F F F F o F F F',
      staff: '          F F F F F F F F F F F F',
      blocked: '        F F F F F F F F F F F F',
    }),
  );
  for (const action of ['deletePost', 'restorePost', 'hideResponses', 'closeDiscussion'] as const) {
    table(action, () => {
      const got = outcomes(action, stories.public!);
      expect(
        Object.entries(got)
          .filter(([, o]) => o === 'ok')
          .map(([v]) => v),
      ).toEqual(['author', 'partnerAuthor', 'flaggedAuthor']);
    });
  }
  table('getFriendLink', () =>
    storyTable('getFriendLink', {
      anonymous: '      F F F F F F F F F F F F',
      reader: '         F F F F F F F F F F F F',
      member: '         F F F F F F F F F F F F',
      author: '         o o o o o o N o o o N o',
      partnerAuthor: ' o o o o o o N o o o N o',
      flaggedAuthor: ' o o o o o o N o o o N o',
      editor: '         F F F F F F F F F F F F',
      writer: '         F F F F F F F F F F F F',
      privateMember: ' F F F F F F F F F F F F',
      staff: '          F F F F F F F F F F F F',
      blocked: '        F F F F F F F F F F F F',
    }),
  );
  table('viewPostStats', () => {
    const got = outcomes('viewPostStats', stories.public!);
    expect(
      Object.entries(got)
        .filter(([, o]) => o === 'ok')
        .map(([v]) => v),
    ).toEqual(['author', 'partnerAuthor', 'flaggedAuthor', 'editor']);
  });
  table('clapPost', () =>
    storyTable('clapPost', {
      anonymous: '      U U U U U U U U U U U U',
      reader: '         o o N N N o N N N N N o',
      member: '         o o N N N o N N N N N o',
      author: '         B B N N N B N B B B N B',
      partnerAuthor: ' B B N N N B N B B B N B',
      flaggedAuthor: ' B B N N N B N B B B N B',
      editor: '         o o N N N o N N N N N o',
      writer: '         o o N N N o N N N N N o',
      privateMember: ' o o N N N o N N o N N o',
      staff: '          o o N N N o N N N N N o',
      blocked: '        N N N N N N N N N N N N',
    }),
  );
  table('respondToPost', () =>
    storyTable('respondToPost', {
      anonymous: '      U U U U U U U U U U U U',
      reader: '         o o N N N o N N N N N B',
      member: '         o o N N N o N N N N N B',
      author: '         o o N N N o N o o o N B',
      partnerAuthor: ' o o N N N o N o o o N B',
      flaggedAuthor: ' o o N N N o N o o o N B',
      editor: '         o o N N N o N N N N N B',
      writer: '         o o N N N o N N N N N B',
      privateMember: ' o o N N N o N N o N N B',
      staff: '          o o N N N o N N N N N B',
      blocked: '        N N N N N N N N N N N N',
    }),
  );
  table('leaveNote', () => {
    const takes = (post: PostSubject, allowPrivateNotes: boolean) => ({
      ...post,
      creator: { ...post.creator, allowPrivateNotes },
    });
    const open = outcomes('leaveNote', takes(stories.public!, true));
    expect(open).toMatchObject({
      anonymous: 'UNAUTHORIZED',
      reader: 'ok',
      member: 'ok',
      blocked: 'NOT_FOUND',
    });
    expect(open.author).toBe('BAD_REQUEST');
    expect(refusal(viewers.author!, 'leaveNote', takes(stories.public!, true))?.message).toBe(
      noteTexts.ownStory,
    );
    expect(refusal(viewers.reader!, 'leaveNote', takes(stories.public!, false))?.message).toBe(
      noteTexts.notAllowed,
    );
    expect(outcomes('leaveNote', takes(stories.draft!, true)).reader).toBe('NOT_FOUND');
  });
  table('viewNote', () => {
    const note = { user: { id: 'b0000001' }, post: { creator: { id: AUTHOR } } };
    const got = outcomes('viewNote', note);
    expect(Object.keys(got).filter((v) => got[v] === 'ok')).toEqual([
      'reader',
      'author',
      'partnerAuthor',
      'flaggedAuthor',
    ]);
    expect(outcomes('viewNote', note)).toMatchObject({ anonymous: 'UNAUTHORIZED', member: 'NOT_FOUND' });
  });
  table('approveSubmission', () => {
    const got = outcomes('approveSubmission', stories.submitted!);
    expect(
      Object.entries(got)
        .filter(([, o]) => o === 'ok')
        .map(([v]) => v),
    ).toEqual(['editor']);
    expect(outcomes('approveSubmission', stories.public!).editor).toBe('FORBIDDEN');
  });
});

describe('the policy table (viewer × publication, profile, tag, list)', () => {
  const publicPub = { id: PUB, visibility: 'PUBLIC' } as const;
  const privatePub = { id: PRIVATE_PUB, visibility: 'PRIVATE' } as const;
  const allowed = (got: Record<string, Outcome>) =>
    Object.entries(got)
      .filter(([, o]) => o === 'ok')
      .map(([v]) => v);
  const everyone = Object.keys(viewers);

  table('viewPublication', () => {
    expect(allowed(outcomes('viewPublication', publicPub))).toEqual(everyone);
    expect(allowed(outcomes('viewPublication', privatePub))).toEqual(['author', 'privateMember']);
    expect(outcomes('viewPublication', privatePub).reader).toBe('NOT_FOUND');
  });
  table('writeForPublication', () => {
    expect(allowed(outcomes('writeForPublication', publicPub))).toEqual(['editor', 'writer']);
    expect(allowed(outcomes('writeForPublication', privatePub))).toEqual(['author', 'privateMember']);
  });
  table('managePublication', () => {
    expect(allowed(outcomes('managePublication', publicPub))).toEqual(['editor']);
    expect(allowed(outcomes('managePublication', privatePub))).toEqual(['privateMember']);
    // Those who may not see a private publication are told it does not exist.
    expect(outcomes('managePublication', privatePub).reader).toBe('NOT_FOUND');
    expect(outcomes('managePublication', publicPub).writer).toBe('FORBIDDEN');
  });
  table('viewProfile', () => {
    const profile = { id: AUTHOR, isDeleted: false, deletedAt: null, isSuspended: false };
    expect(allowed(outcomes('viewProfile', profile))).toEqual(everyone.filter((v) => v !== 'blocked'));
    expect(allowed(outcomes('viewProfile', { ...profile, isDeleted: true }))).toEqual([]);
    // A suspended writer's profile stays visible (its stories say why they are not).
    expect(allowed(outcomes('viewProfile', { ...profile, isSuspended: true }))).toHaveLength(10);
  });
  table('actOnProfile', () => {
    const profile = { id: AUTHOR, isDeleted: false, deletedAt: null, isSuspended: false };
    expect(allowed(outcomes('actOnProfile', profile))).toEqual(everyone.filter((v) => v !== 'anonymous'));
    expect(allowed(outcomes('actOnProfile', { ...profile, isDeleted: true }))).toEqual([]);
  });
  table('actAs', () => {
    expect(allowed(outcomes('actAs', { id: AUTHOR }))).toEqual(['author', 'partnerAuthor', 'flaggedAuthor']);
    expect(outcomes('actAs', { id: AUTHOR })).toMatchObject({
      anonymous: 'UNAUTHORIZED',
      reader: 'FORBIDDEN',
    });
    // The refusal names what was attempted on another's behalf.
    expect(refusal(viewers.reader!, 'actAs', { id: AUTHOR })?.message).toBe(accessTexts.otherUsersAction);
    expect(refusal(viewers.reader!, 'actAs', { id: AUTHOR }, { for: 'flags' })?.message).toBe(
      accessTexts.otherUsersFlags,
    );
  });
  table('viewTag', () => {
    expect(allowed(outcomes('viewTag', { visibility: 'PUBLIC' }))).toEqual(everyone);
    expect(allowed(outcomes('viewTag', { visibility: 'SPECIAL' }))).toEqual(everyone);
    expect(allowed(outcomes('viewTag', { visibility: 'STAFF' }))).toEqual(['staff']);
  });
  table('viewList', () => {
    const list = { visibility: 'PUBLIC', creator: { id: AUTHOR } } as const;
    expect(allowed(outcomes('viewList', list))).toEqual(everyone);
    expect(allowed(outcomes('viewList', { ...list, visibility: 'PRIVATE' }))).toEqual([
      'author',
      'partnerAuthor',
      'flaggedAuthor',
    ]);
  });
  table('editList', () => {
    const list = { visibility: 'PUBLIC', creator: { id: AUTHOR } } as const;
    expect(allowed(outcomes('editList', list))).toEqual(['author', 'partnerAuthor', 'flaggedAuthor']);
    expect(outcomes('editList', { ...list, visibility: 'PRIVATE' }).reader).toBe('NOT_FOUND');
  });
  table('respondToList', () => {
    const list = { visibility: 'PUBLIC', creator: { id: AUTHOR }, responsesLocked: false } as const;
    expect(outcomes('respondToList', list)).toMatchObject({
      anonymous: 'UNAUTHORIZED',
      reader: 'ok',
      author: 'ok',
      blocked: 'NOT_FOUND',
    });
    expect(outcomes('respondToList', { ...list, visibility: 'PRIVATE' })).toMatchObject({
      reader: 'NOT_FOUND',
      author: 'ok',
    });
    expect(outcomes('respondToList', { ...list, responsesLocked: true }).reader).toBe('BAD_REQUEST');
  });
  table('engageList', () => {
    const list = { visibility: 'PUBLIC', creator: { id: AUTHOR } } as const;
    const others = everyone.filter(
      (v) => !['anonymous', 'blocked', 'author', 'partnerAuthor', 'flaggedAuthor'].includes(v),
    );
    expect(allowed(outcomes('engageList', list))).toEqual(others);
    expect(outcomes('engageList', list)).toMatchObject({
      anonymous: 'UNAUTHORIZED',
      blocked: 'NOT_FOUND',
      author: 'BAD_REQUEST',
    });
    expect(allowed(outcomes('engageList', { ...list, visibility: 'PRIVATE' }))).toEqual([]);
    expect(outcomes('engageList', { ...list, visibility: 'PRIVATE' }).reader).toBe('NOT_FOUND');
  });
  table('viewSuspendedContent', () => {
    expect(allowed(outcomes('viewSuspendedContent'))).toEqual(['staff']);
    const flagged = policyViewer(user('b0000008'), { flags: ['can_view_suspended_content'] });
    expect(refusal(flagged, 'viewSuspendedContent')).toBeNull();
  });
  table('viewGiftPages', () => {
    expect(allowed(outcomes('viewGiftPages'))).toEqual(everyone);
    const off = policyViewer(user('b0000009'), { flags: ['disable_lite_gift_page'] });
    expect(refusal(off, 'viewGiftPages')?.code).toBe('NOT_FOUND');
  });
  table('buyGift', () => {
    expect(allowed(outcomes('buyGift', { type: 'GIFT' }))).toEqual(everyone.filter((v) => v !== 'anonymous'));
    expect(allowed(outcomes('buyGift', { type: 'GROUP_GIFT' }))).toEqual([]);
    const grouped = policyViewer({ ...user('b0000010'), hasGroupGiftingEnabled: true });
    expect(refusal(grouped, 'buyGift', { type: 'GROUP_GIFT' })).toBeNull();
    const off = policyViewer(user('b0000011'), { flags: ['disable_lite_gift_page'] });
    expect(refusal(off, 'buyGift', { type: 'GIFT' })?.code).toBe('NOT_FOUND');
  });
  table('redeemGift', () => {
    expect(allowed(outcomes('redeemGift'))).toEqual(everyone.filter((v) => v !== 'anonymous'));
    const suspended = policyViewer({ ...user('b0000012'), isSuspended: true });
    expect(refusal(suspended, 'redeemGift')?.code).toBe('FORBIDDEN');
  });
  table('payCheckout', () => {
    const own = policyViewer(user('b0000013'));
    expect(refusal(own, 'payCheckout', { userId: 'b0000013' })).toBeNull();
    expect(refusal(own, 'payCheckout', { userId: 'b0000014' })?.code).toBe('NOT_FOUND');
    expect(refusal(own, 'payCheckout', { userId: null })?.code).toBe('NOT_FOUND');
    expect(outcomes('payCheckout', { userId: 'b0000013' }).anonymous).toBe('UNAUTHORIZED');
  });
  table('viewExport', () => {
    const own = policyViewer(user('b0000015'));
    expect(refusal(own, 'viewExport', { user: { id: 'b0000015' } })).toBeNull();
    expect(refusal(own, 'viewExport', { user: { id: 'b0000016' } })).toEqual({
      code: 'NOT_FOUND',
      message: 'This export does not exist.',
    });
    expect(allowed(outcomes('viewExport', { user: { id: AUTHOR } }))).toEqual([
      'author',
      'partnerAuthor',
      'flaggedAuthor',
    ]);
    expect(outcomes('viewExport', { user: { id: AUTHOR } }).anonymous).toBe('UNAUTHORIZED');
  });
  table('useMemberFeatures', () => {
    expect(allowed(outcomes('useMemberFeatures'))).toEqual(['member']);
    expect(outcomes('useMemberFeatures').anonymous).toBe('UNAUTHORIZED');
  });

  // A publication's back office: its owner, an editor, a writer, a follower (no role), a stranger, a visitor and
  // a suspended account, on a public and a private publication.
  const people: Record<string, PolicyViewer> = {
    owner: policyViewer(user('d0000001'), { roles: [[PUB, 'OWNER']] }),
    editor: policyViewer(user('d0000002'), { roles: [[PUB, 'EDITOR']] }),
    writer: policyViewer(user('d0000003'), { roles: [[PUB, 'WRITER']] }),
    follower: policyViewer(user('d0000004')),
    stranger: policyViewer(user('d0000005'), { roles: [[PRIVATE_PUB, 'WRITER']] }),
    anonymous: policyViewer(null),
    suspended: policyViewer({ ...user('d0000006'), isSuspended: true }, { roles: [[PUB, 'EDITOR']] }),
  };
  const byPerson = <A extends Action>(action: A, ...args: ArgsOf<A>): Record<string, Outcome> =>
    Object.fromEntries(
      Object.entries(people).map(([name, viewer]) => [name, refusal(viewer, action, ...args)?.code ?? 'ok']),
    );
  const ownerRow = { user: { id: 'd0000001' }, role: 'OWNER' } as const;
  const editorRow = { user: { id: 'd0000002' }, role: 'EDITOR' } as const;
  const writerRow = { user: { id: 'd0000003' }, role: 'WRITER' } as const;

  table('createPublication', () => {
    expect(byPerson('createPublication')).toMatchObject({
      owner: 'ok',
      follower: 'ok',
      anonymous: 'UNAUTHORIZED',
      suspended: 'FORBIDDEN',
    });
  });
  table('invitePeople', () => {
    expect(byPerson('invitePeople', publicPub, 'WRITER')).toEqual({
      owner: 'ok',
      editor: 'ok',
      writer: 'FORBIDDEN',
      follower: 'FORBIDDEN',
      stranger: 'FORBIDDEN',
      anonymous: 'FORBIDDEN',
      suspended: 'ok',
    });
    expect(byPerson('invitePeople', publicPub, 'EDITOR')).toMatchObject({ owner: 'ok', editor: 'FORBIDDEN' });
    expect(byPerson('invitePeople', privatePub, 'WRITER')).toMatchObject({
      owner: 'NOT_FOUND',
      stranger: 'FORBIDDEN',
    });
  });
  table('inviteAccount', () => {
    const invitee = (facts: { blockedBy?: string[] } = {}, suspended = false) =>
      policyViewer({ ...user('d0000009'), isSuspended: suspended }, facts);
    // Anyone signed in may be asked about an account in good standing; a visitor is asked to sign in.
    expect(allowed(byPerson('inviteAccount', invitee()))).toEqual(
      Object.keys(people).filter((p) => p !== 'anonymous'),
    );
    expect(byPerson('inviteAccount', invitee())).toMatchObject({ anonymous: 'UNAUTHORIZED' });
    expect(byPerson('inviteAccount', invitee({}, true))).toMatchObject({ owner: 'FORBIDDEN' });
    // Blocked either way: the invitee blocked the owner, or the owner blocked the invitee.
    const blockedOwner = policyViewer(user('d0000001'), { roles: [[PUB, 'OWNER']], blockedBy: ['d0000009'] });
    expect(refusal(blockedOwner, 'inviteAccount', invitee())?.message).toBe(
      publicationAdminTexts.cannotInvite,
    );
    expect(byPerson('inviteAccount', invitee({ blockedBy: ['d0000001'] }))).toMatchObject({
      owner: 'FORBIDDEN',
      editor: 'ok',
    });
  });
  table('manageMember', () => {
    expect(byPerson('manageMember', publicPub, writerRow)).toEqual({
      owner: 'ok',
      editor: 'ok',
      writer: 'FORBIDDEN',
      follower: 'FORBIDDEN',
      stranger: 'FORBIDDEN',
      anonymous: 'FORBIDDEN',
      suspended: 'ok',
    });
    // Only the owner makes or changes editors; nobody changes the owner.
    expect(byPerson('manageMember', publicPub, writerRow, 'EDITOR')).toMatchObject({
      owner: 'ok',
      editor: 'FORBIDDEN',
    });
    expect(byPerson('manageMember', publicPub, editorRow)).toMatchObject({
      owner: 'ok',
      editor: 'FORBIDDEN',
    });
    expect(byPerson('manageMember', publicPub, ownerRow)).toMatchObject({
      owner: 'FORBIDDEN',
      editor: 'FORBIDDEN',
    });
  });
  table('transferOwnership', () => {
    expect(allowed(byPerson('transferOwnership', publicPub))).toEqual(['owner']);
    expect(byPerson('transferOwnership', publicPub).editor).toBe('FORBIDDEN');
  });
  table('deletePublication', () => {
    expect(allowed(byPerson('deletePublication', publicPub))).toEqual(['owner']);
    expect(byPerson('deletePublication', publicPub)).toMatchObject({
      editor: 'FORBIDDEN',
      writer: 'FORBIDDEN',
    });
    expect(byPerson('deletePublication', privatePub).owner).toBe('NOT_FOUND');
  });
  table('archivePublication', () => {
    expect(allowed(byPerson('archivePublication', publicPub))).toEqual(['owner']);
    expect(byPerson('archivePublication', publicPub)).toMatchObject({
      editor: 'FORBIDDEN',
      writer: 'FORBIDDEN',
      stranger: 'FORBIDDEN',
    });
    // Archived, it takes no new people, and nobody writes into it; its owner may still bring it back.
    const archived = { ...publicPub, archivedAt: new Date(0) };
    expect(allowed(byPerson('archivePublication', archived))).toEqual(['owner']);
    expect(allowed(byPerson('invitePeople', archived, 'WRITER'))).toEqual([]);
    expect(allowed(byPerson('writeForPublication', archived))).toEqual([]);
    expect(allowed(byPerson('writeForPublication', publicPub))).toEqual([
      'owner',
      'editor',
      'writer',
      'suspended',
    ]);
  });
  table('leavePublication', () => {
    expect(byPerson('leavePublication', publicPub)).toEqual({
      owner: 'BAD_REQUEST',
      editor: 'ok',
      writer: 'ok',
      follower: 'BAD_REQUEST',
      stranger: 'BAD_REQUEST',
      anonymous: 'UNAUTHORIZED',
      suspended: 'FORBIDDEN',
    });
  });
  table('answerInvitation', () => {
    expect(allowed(byPerson('answerInvitation', { user: { id: 'd0000004' }, email: null }))).toEqual([
      'follower',
    ]);
    const verified = policyViewer({ id: 'd0000007', email: 'ada@example.com', emailVerifiedAt: new Date(0) });
    const unverified = policyViewer({ id: 'd0000008', email: 'ada@example.com', emailVerifiedAt: null });
    const byEmail = { user: null, email: 'ada@example.com' };
    expect(refusal(verified, 'answerInvitation', byEmail)).toBeNull();
    // An address not yet confirmed proves nothing: the invitation does not exist for it.
    expect(refusal(unverified, 'answerInvitation', byEmail)?.code).toBe('NOT_FOUND');
    expect(refusal(people.follower!, 'answerInvitation', byEmail)?.code).toBe('NOT_FOUND');
  });

  // The Partner Program, earnings and stats: each writer's own, and a publication's for its owner and editors.
  const ME = 'e0000001';
  const mine = { ...user(ME), email: 'pat@example.com', emailVerifiedAt: new Date(0) };
  const me = policyViewer(mine);
  const meUnverified = policyViewer({ ...mine, emailVerifiedAt: null });
  const meSuspended = policyViewer({ ...mine, isSuspended: true });
  const other = policyViewer({ ...user('e0000002'), email: 'o@example.com', emailVerifiedAt: new Date(0) });
  const visitor = policyViewer(null);
  const answer = <A extends Action>(viewer: PolicyViewer, action: A, ...args: ArgsOf<A>): Outcome =>
    refusal(viewer, action, ...args)?.code ?? 'ok';
  const enrolled = { user: { id: ME }, status: 'ENROLLED', country: 'US' } as const;
  const started = { user: { id: ME }, status: 'NOT_ENROLLED', country: 'US' } as const;
  const barred = { user: { id: ME }, status: 'PERMISSION_DENIED' } as const;

  table('enrollInPartnerProgram', () => {
    const us = { country: 'US' };
    expect(answer(me, 'enrollInPartnerProgram', null, us)).toBe('ok');
    expect(answer(me, 'enrollInPartnerProgram', started, us)).toBe('ok');
    // An unconfirmed address, a country payouts do not reach, a bar by staff, a suspension, a visitor.
    expect(answer(meUnverified, 'enrollInPartnerProgram', null, us)).toBe('FORBIDDEN');
    expect(answer(me, 'enrollInPartnerProgram', null, { country: 'KP' })).toBe('BAD_REQUEST');
    expect(answer(me, 'enrollInPartnerProgram', barred, us)).toBe('FORBIDDEN');
    expect(answer(meSuspended, 'enrollInPartnerProgram', null, us)).toBe('FORBIDDEN');
    expect(answer(visitor, 'enrollInPartnerProgram', null, us)).toBe('UNAUTHORIZED');
  });
  table('acceptPartnerTerms', () => {
    expect(answer(me, 'acceptPartnerTerms', started)).toBe('ok');
    expect(answer(me, 'acceptPartnerTerms', { ...started, country: null })).toBe('BAD_REQUEST');
    // An enrolled writer accepts updated terms again; nobody accepts them for someone else.
    expect(answer(me, 'acceptPartnerTerms', enrolled)).toBe('ok');
    expect(answer(other, 'acceptPartnerTerms', enrolled)).toBe('NOT_FOUND');
  });
  table('leavePartnerProgram', () => {
    expect(answer(me, 'leavePartnerProgram', enrolled)).toBe('ok');
    expect(answer(me, 'leavePartnerProgram', started)).toBe('BAD_REQUEST');
    expect(answer(me, 'leavePartnerProgram', null)).toBe('NOT_FOUND');
    expect(answer(other, 'leavePartnerProgram', enrolled)).toBe('NOT_FOUND');
    expect(answer(visitor, 'leavePartnerProgram', enrolled)).toBe('UNAUTHORIZED');
  });
  table('viewPartnerAccount', () => {
    expect([me, other, visitor].map((v) => answer(v, 'viewPartnerAccount', { id: ME }))).toEqual([
      'ok',
      'NOT_FOUND',
      'UNAUTHORIZED',
    ]);
  });
  table('submitTaxForm', () => {
    expect(answer(me, 'submitTaxForm', { id: ME }, enrolled)).toBe('ok');
    expect(answer(me, 'submitTaxForm', { id: ME }, started)).toBe('FORBIDDEN');
    expect(answer(meSuspended, 'submitTaxForm', { id: ME }, enrolled)).toBe('FORBIDDEN');
    expect(answer(other, 'submitTaxForm', { id: ME }, enrolled)).toBe('NOT_FOUND');
  });
  table('managePayouts', () => {
    expect(answer(me, 'managePayouts', { id: ME }, enrolled)).toBe('ok');
    expect(answer(me, 'managePayouts', { id: ME }, null)).toBe('FORBIDDEN');
    expect(answer(other, 'managePayouts', { id: ME }, enrolled)).toBe('NOT_FOUND');
    expect(answer(visitor, 'managePayouts', { id: ME }, enrolled)).toBe('UNAUTHORIZED');
  });
  table('viewEarnings', () => {
    expect([me, other, visitor].map((v) => answer(v, 'viewEarnings', { id: ME }))).toEqual([
      'ok',
      'NOT_FOUND',
      'UNAUTHORIZED',
    ]);
    // A username nobody has is the same answer as somebody else's.
    expect(answer(me, 'viewEarnings', null)).toBe('NOT_FOUND');
  });
  table('viewWriterStats', () => {
    expect([me, other, visitor].map((v) => answer(v, 'viewWriterStats', { id: ME }))).toEqual([
      'ok',
      'NOT_FOUND',
      'UNAUTHORIZED',
    ]);
  });
  table('viewStoryStats', () => {
    const theirs = story({ creator: { id: 'd0000003' }, collection: publicPub });
    // The story's writer (here a writer of the publication) and the publication's owner and editors.
    expect(allowed(byPerson('viewStoryStats', theirs))).toEqual(['owner', 'editor', 'writer', 'suspended']);
    expect(byPerson('viewStoryStats', theirs)).toMatchObject({
      follower: 'NOT_FOUND',
      anonymous: 'UNAUTHORIZED',
    });
  });
  table('viewPublicationStats', () => {
    expect(allowed(byPerson('viewPublicationStats', publicPub))).toEqual(['owner', 'editor', 'suspended']);
    expect(byPerson('viewPublicationStats', publicPub)).toMatchObject({
      writer: 'NOT_FOUND',
      stranger: 'NOT_FOUND',
      anonymous: 'UNAUTHORIZED',
    });
  });

  // Newsletters: a writer's (the owner d0000001's own) and the public and private publications'.
  const writersLetter = { user: { id: 'd0000001' }, collection: null };
  const pubLetter = { user: null, collection: publicPub };
  const privateLetter = { user: null, collection: { id: PRIVATE_PUB, visibility: 'PRIVATE' } as const };
  const archivedLetter = { user: null, collection: { ...publicPub, archivedAt: new Date() } };
  table('viewNewsletter', () => {
    expect(allowed(byPerson('viewNewsletter', pubLetter))).toEqual(Object.keys(people));
    expect(allowed(byPerson('viewNewsletter', privateLetter))).toEqual(['stranger']);
    // Those the writer blocked are told it does not exist.
    const blockedBy = policyViewer(user('d0000007'), { blockedBy: ['d0000001'] });
    expect(refusal(blockedBy, 'viewNewsletter', writersLetter)?.code).toBe('NOT_FOUND');
  });
  table('subscribeToNewsletter', () => {
    expect(byPerson('subscribeToNewsletter', writersLetter)).toMatchObject({
      owner: 'BAD_REQUEST',
      follower: 'ok',
      anonymous: 'UNAUTHORIZED',
    });
    expect(refusal(people.owner!, 'subscribeToNewsletter', writersLetter)?.message).toBe(
      newsletterAccessTexts.subscribeSelf,
    );
    expect(allowed(byPerson('subscribeToNewsletter', privateLetter))).toEqual(['stranger']);
  });
  table('manageNewsletter', () => {
    expect(allowed(byPerson('manageNewsletter', writersLetter))).toEqual(['owner']);
    expect(allowed(byPerson('manageNewsletter', pubLetter))).toEqual(['owner', 'editor', 'suspended']);
    expect(byPerson('manageNewsletter', pubLetter)).toMatchObject({
      writer: 'NOT_FOUND',
      anonymous: 'UNAUTHORIZED',
    });
  });
  table('sendNewsletter', () => {
    expect(allowed(byPerson('sendNewsletter', pubLetter))).toEqual(['owner', 'editor']);
    expect(byPerson('sendNewsletter', pubLetter).suspended).toBe('FORBIDDEN');
    expect(allowed(byPerson('sendNewsletter', archivedLetter))).toEqual([]);
    expect(allowed(byPerson('sendNewsletter', writersLetter))).toEqual(['owner']);
  });

  // OAuth applications: d0000001's (the owner's), live and deleted.
  const ownersApp = { owner: { id: 'd0000001' }, revokedAt: null };
  const deletedApp = { owner: { id: 'd0000001' }, revokedAt: new Date(0) };
  table('manageOAuthApplication', () => {
    expect(allowed(byPerson('manageOAuthApplication', ownersApp))).toEqual(['owner']);
    expect(byPerson('manageOAuthApplication', ownersApp)).toMatchObject({
      editor: 'NOT_FOUND',
      stranger: 'NOT_FOUND',
      anonymous: 'UNAUTHORIZED',
    });
    expect(refusal(people.follower!, 'manageOAuthApplication', ownersApp)?.message).toBe(
      oauthAppTexts.notFound,
    );
    expect(allowed(byPerson('manageOAuthApplication', deletedApp))).toEqual([]);
  });
  table('authorizeOAuthApplication', () => {
    // Any account in good standing, its owner too; a suspended one and a visitor may not.
    expect(allowed(byPerson('authorizeOAuthApplication', ownersApp))).toEqual(
      Object.keys(people).filter((p) => p !== 'anonymous' && p !== 'suspended'),
    );
    expect(byPerson('authorizeOAuthApplication', ownersApp)).toMatchObject({
      anonymous: 'UNAUTHORIZED',
      suspended: 'FORBIDDEN',
    });
    expect(allowed(byPerson('authorizeOAuthApplication', deletedApp))).toEqual([]);
  });
  table('callApi', () => {
    // An API token acts for its account while it is in good standing: not a suspended or a deleted one.
    expect(allowed(byPerson('callApi'))).toEqual(
      Object.keys(people).filter((p) => p !== 'anonymous' && p !== 'suspended'),
    );
    expect(byPerson('callApi')).toMatchObject({ anonymous: 'UNAUTHORIZED', suspended: 'FORBIDDEN' });
    expect(refusal(policyViewer({ ...user('d0000007'), isDeleted: true }), 'callApi')?.code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('has a table for every action', () => {
    expect([...tested].sort()).toEqual(Object.keys(rules).sort());
  });
});

describe('postUnavailable and isListedStory agree', () => {
  it('a listed story is one anybody without a relation to it may see', () => {
    for (const [state, post] of Object.entries(stories)) {
      const listed = isListedStory(post);
      const anonymousSees = postUnavailable(viewers.anonymous!, post) === null;
      // Unlisted stories open by their link but are never listed; nothing listed is hidden from anyone.
      if (listed) expect(anonymousSees, state).toBe(true);
      if (anonymousSees && state !== 'unlisted') expect(listed, state).toBe(true);
    }
  });
  it('refuses with the texts of packages/domain', () => {
    expect(refusal(viewers.reader!, 'editPost', stories.public!)?.message).toBe(accessTexts.editStory);
    expect(refusal(viewers.author!, 'lockPost', stories.public!)?.message).toBe(accessTexts.lockStory);
  });
});

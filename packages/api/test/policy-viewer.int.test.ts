import { Block, CollectionMember, FeatureFlag, FeatureFlagOverride, observeQueries } from '@quire/db';
import {
  buildCollection,
  buildSession,
  buildUser,
  useTestDatabase,
  withStatements,
} from '@quire/test-harness';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPolicyViewers, loadPolicyViewer, type PolicyViewer } from '../src/policies';
import { readSession } from '../src/services/session';

const db = useTestDatabase();
afterEach(() => observeQueries(null));

/** The viewer's facts, and how many statements reading them sent. */
async function factsWithStatements(load: () => Promise<PolicyViewer>) {
  const { value: viewer, statements } = await withStatements(load);
  return {
    statements,
    roles: [...viewer.roles],
    blockedBy: [...viewer.blockedBy],
    flags: [...viewer.flags].filter((f) => f.startsWith('viewer_test_')),
  };
}

describe('the access rules’ facts about a signed-in viewer', () => {
  it('come with the session in its one statement, the same facts a statement of their own reads', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const blocker = await buildUser(em);
    const publication = await buildCollection(em, { creator: blocker });
    em.create(CollectionMember, { collection: publication, user, role: 'EDITOR' });
    em.create(Block, { blocker, blocked: user });
    const flag = em.create(FeatureFlag, { name: 'viewer_test_on_for_one', boolValue: false });
    em.create(FeatureFlagOverride, { flag, user, boolValue: true });
    await em.flush();
    const token = await buildSession(em, user);

    const request = db.em();
    const session = await readSession(request, token, new Date());
    const withSession = await factsWithStatements(() => loadPolicyViewer(request, session!.session.user));
    const alone = await factsWithStatements(() => loadPolicyViewer(db.em(), { id: user.id }));

    expect(withSession.statements).toBe(0);
    expect(alone.statements).toBe(1);
    expect(withSession.roles).toEqual([[publication.id, 'EDITOR']]);
    expect(withSession.blockedBy).toEqual([blocker.id]);
    expect(withSession.flags).toEqual(['viewer_test_on_for_one']);
    expect({ ...withSession, statements: 1 }).toEqual(alone);
  });

  it('are read again after a change to roles, blocks or flags, even when they came with the session', async () => {
    const em = db.em();
    const user = await buildUser(em);
    const token = await buildSession(em, user);
    const request = db.em();
    const session = await readSession(request, token, new Date());
    // A publication the viewer starts makes them its owner: a role the facts read with the session did not have.
    const publication = await buildCollection(em, { creator: user });
    forgetPolicyViewers();

    const after = await factsWithStatements(() => loadPolicyViewer(request, session!.session.user));
    expect(after.statements).toBe(1);
    expect(after.roles).toEqual([[publication.id, 'OWNER']]);
  });
});

import type { RouterOutputs } from '@quire/api';
import { type InvitableRole, quireRoutes, publicationAdminTexts as texts } from '@quire/domain';
import { Avatar, buttonClass } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { attempt, toast } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { NotFoundPage } from '../NotFoundPage';
import { Field, refusalOf } from '../settings/AccountSection';

type People = RouterOutputs['publications']['people'];
type Member = People['members'][number];

/** The people query of a publication, and a way to run a change that refreshes it and toasts its answer. */
function usePeople(slug: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const people = useQuery(trpc.publications.people.queryOptions({ slug }));
  const run = (change: () => Promise<{ message: string }>) =>
    attempt(async () => {
      const { message } = await change();
      await queryClient.invalidateQueries({ queryKey: trpc.publications.people.queryKey({ slug }) });
      toast(message);
    });
  return { people, run };
}

const profileHref = (username: string) => quireRoutes.build('ShowUser', { username });

/** One member: who, their role, and what the viewer may change about them. */
function MemberRow({
  member,
  collectionId,
  run,
}: {
  member: Member;
  collectionId: string;
  run: ReturnType<typeof usePeople>['run'];
}) {
  const client = useTRPCClient();
  const { user } = member;
  const target = { collectionId, userId: user.id };
  const otherRole: InvitableRole = member.role === 'EDITOR' ? 'WRITER' : 'EDITOR';
  const mayToggle =
    member.role !== 'OWNER' && (otherRole === 'EDITOR' ? member.canMakeEditor : member.canMakeWriter);
  return (
    <li className="q-person" data-testid="member" data-role={member.role}>
      <Avatar name={user.name} imageId={user.imageId} size="S" lazy />
      <div className="q-person-text">
        <a className="q-person-name" href={profileHref(user.username)}>
          {user.name}
        </a>{' '}
        {member.isViewer ? <span className="q-person-note">{texts.you}</span> : null}
        <p>{texts.roleOf[member.role]}</p>
      </div>
      <div className="q-row-actions">
        {mayToggle ? (
          <button
            type="button"
            className={buttonClass('outline', 's')}
            onClick={() =>
              void run(() => client.publications.changeRole.mutate({ ...target, role: otherRole }))
            }
          >
            {texts.makeRole(texts.roleOf[otherRole])}
          </button>
        ) : null}
        {member.canMakeOwner ? (
          <button
            type="button"
            className={buttonClass('outline', 's')}
            onClick={() => {
              if (window.confirm(texts.makeOwnerConfirm(user.name)))
                void run(() => client.publications.transferOwnership.mutate(target));
            }}
          >
            {texts.makeOwner}
          </button>
        ) : null}
        {member.canRemove ? (
          <button
            type="button"
            className="q-link-button"
            onClick={() => {
              if (window.confirm(texts.removeConfirm(user.name)))
                void run(() => client.publications.removeMember.mutate(target));
            }}
          >
            {texts.remove}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The invitation form: a username or an email, and the role (Editor only for the owner). */
function InviteForm({ people, run }: { people: People; run: ReturnType<typeof usePeople>['run'] }) {
  const client = useTRPCClient();
  const [who, setWho] = useState('');
  const [role, setRole] = useState<InvitableRole>('WRITER');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const sent = await client.publications.invite.mutate({
        collectionId: people.publication.id,
        who,
        role,
      });
      setWho('');
      await run(async () => sent);
    } catch (e) {
      const refusal = refusalOf(e);
      setError(refusal.fields.who ?? refusal.message);
    }
  };
  return (
    <form className="q-account-form" onSubmit={(e) => void submit(e)} noValidate data-testid="invite-form">
      <h2>{texts.inviteTitle}</h2>
      <Field label={texts.inviteWho} error={error}>
        {(props) => (
          <input
            {...props}
            name="who"
            value={who}
            autoCapitalize="none"
            placeholder={texts.inviteWhoPlaceholder}
            onChange={(e) => setWho(e.target.value)}
          />
        )}
      </Field>
      <Field label={texts.inviteRole}>
        {(props) => (
          <select
            {...props}
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as InvitableRole)}
          >
            <option value="WRITER">{texts.roleOf.WRITER}</option>
            {people.canInviteEditors ? <option value="EDITOR">{texts.roleOf.EDITOR}</option> : null}
          </select>
        )}
      </Field>
      <div className="q-settings-actions">
        <button type="submit" className={buttonClass('dark', 's')} disabled={!who.trim()}>
          {texts.invite}
        </button>
      </div>
    </form>
  );
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Spec §2 /{collectionSlug}/permissions: the publication's people, invitations and who may change what. */
export function PublicationPeoplePage({ slug }: { slug: string }) {
  const client = useTRPCClient();
  const { people, run } = usePeople(slug);
  if (people.isError) return <NotFoundPage />;
  if (!people.data) return <main className="q-column" aria-busy="true" />;
  const data = people.data;
  const collectionId = data.publication.id;
  return (
    <main className="q-column" data-testid="publication-people">
      <p className="q-card-meta">
        <a href={quireRoutes.build('ShowCollectionHome', { collectionSlug: data.publication.slug })}>
          {data.publication.name}
        </a>
      </p>
      <h1>{texts.peopleTitle}</h1>
      <p className="q-card-meta">{texts.peopleIntro}</p>
      <ul className="q-people">
        {data.members.map((member) => (
          <MemberRow key={member.user.id} member={member} collectionId={collectionId} run={run} />
        ))}
      </ul>
      <InviteForm people={data} run={run} />
      {data.invitations.length ? (
        <section data-testid="open-invitations">
          <h2>{texts.pendingInvitations}</h2>
          <ul className="q-people">
            {data.invitations.map((invitation) => {
              const name = invitation.user?.name ?? invitation.email ?? '';
              return (
                <li key={invitation.id} className="q-person">
                  <Avatar name={name} imageId={invitation.user?.imageId ?? null} size="S" lazy />
                  <div className="q-person-text">
                    <span className="q-person-name">{name}</span>
                    <p>
                      {texts.invitedAs(texts.roleOf[invitation.role])} ·{' '}
                      {texts.expires(dateOf(invitation.expiresAt))}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="q-link-button"
                    onClick={() =>
                      void run(() =>
                        client.publications.revokeInvitation.mutate({ invitationId: invitation.id }),
                      )
                    }
                  >
                    {texts.revoke}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {data.canLeave ? (
        <p>
          <button
            type="button"
            className="q-link-button"
            onClick={() => {
              if (!window.confirm(texts.leaveConfirm)) return;
              void attempt(async () => {
                await client.publications.leave.mutate({ collectionId });
                window.location.assign(quireRoutes.build('ShowYourCollections'));
              });
            }}
          >
            {texts.leave}
          </button>
        </p>
      ) : null}
    </main>
  );
}

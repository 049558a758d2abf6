import type { RouterOutputs } from '@quire/api';
import {
  publicationAdminTexts as adminTexts,
  FOLLOWING_TABS,
  type FollowingTab,
  formatLongDate,
  MUTED_TABS,
  type MutedTab,
  quireRoutes,
  yourPagesTexts as texts,
} from '@quire/domain';
import { Avatar, Button, buttonClass, EmptyState } from '@quire/ui';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FollowButton } from '../../components/FollowButton';
import { type NextPage, PagedItems } from '../../components/LoadMore';
import { PeopleList } from '../../components/PeopleList';
import { PostCardItem } from '../../components/PostCardItem';
import { TabNav } from '../../components/TabNav';
import { useMutation } from '../../lib/mutation';
import { failureMessage, toast } from '../../lib/social';
import { useTRPC } from '../../trpc';
import { yourPagesQueries } from './queries';

type Publication = RouterOutputs['yourPages']['followedPublications']['publications'][number];

/** A publication with its logo, name and line, and what the viewer can do about it. */
function PublicationRow({ publication, action }: { publication: Publication; action: ReactNode }) {
  return (
    <li className="q-person" data-testid="publication">
      <Avatar name={publication.name} imageId={publication.avatarId} size="S" shape="square" lazy />
      <div className="q-person-text">
        <a
          className="q-person-name"
          href={quireRoutes.build('ShowCollectionHome', { collectionSlug: publication.slug })}
        >
          {publication.name}
        </a>
        {publication.description ? <p>{publication.description}</p> : null}
      </div>
      {action}
    </li>
  );
}

const followingHref = (tab: FollowingTab) => (tab === 'writers' ? '/me/following' : `/me/following/${tab}`);

/** Spec §2 /me/following[/{entityName}], /me/following/topics, /me/following/suggestions. */
export function FollowingPage({ tab }: { tab: FollowingTab }) {
  return (
    <main className="q-column" data-testid="following-page" data-tab={tab}>
      <h1>{texts.followingTitle}</h1>
      <TabNav
        label={texts.followingTitle}
        tabs={FOLLOWING_TABS}
        current={tab}
        names={texts.followingTabs}
        href={followingHref}
      />
      {tab === 'writers' ? <FollowedWriters /> : null}
      {tab === 'publications' ? <FollowedPublications /> : null}
      {tab === 'topics' ? <FollowedTopics /> : null}
      {tab === 'suggestions' ? <SuggestedWriters /> : null}
    </main>
  );
}

function FollowedWriters() {
  const people = useInfiniteQuery(yourPagesQueries(useTRPC()).followedWriters());
  return (
    <PeopleList
      label={texts.followingTabs.writers}
      people={people.data?.pages.flatMap((p) => p.people) ?? []}
      empty={texts.followingEmpty.writers}
      next={people}
    />
  );
}

/** A keyset-paged list of publications, each with what the viewer can do about it. */
function PublicationList({
  label,
  pages,
  empty,
  next,
  action,
}: {
  label: string;
  pages: { publications: Publication[] }[] | undefined;
  empty: string;
  next: NextPage;
  action: (publication: Publication) => ReactNode;
}) {
  return (
    <section aria-label={label}>
      <PagedItems
        items={pages?.flatMap((p) => p.publications) ?? []}
        empty={pages ? empty : null}
        listClass="q-people"
        next={next}
      >
        {(publication) => (
          <PublicationRow key={publication.id} publication={publication} action={action(publication)} />
        )}
      </PagedItems>
    </section>
  );
}

function FollowedPublications() {
  const list = useInfiniteQuery(yourPagesQueries(useTRPC()).followedPublications());
  return (
    <PublicationList
      label={texts.followingTabs.publications}
      pages={list.data?.pages}
      empty={texts.followingEmpty.publications}
      next={list}
      action={(publication) => (
        <FollowButton
          target={{ kind: 'collection', id: publication.id, name: publication.name }}
          isFollowing
          followSource="your_following"
        />
      )}
    />
  );
}

function FollowedTopics() {
  const topics = useQuery(yourPagesQueries(useTRPC()).followedTopics());
  if (!topics.data) return null;
  if (!topics.data.topics.length) {
    return (
      <EmptyState
        title={texts.followingEmpty.topics}
        action={
          <a className="q-button" href={quireRoutes.build('ShowTopics', {})}>
            {texts.exploreTopics}
          </a>
        }
      />
    );
  }
  return (
    <ul className="q-people" aria-label={texts.followingTabs.topics}>
      {topics.data.topics.map((topic) => (
        <li key={topic.id} className="q-person" data-testid="topic">
          <div className="q-person-text">
            <a className="q-person-name" href={quireRoutes.build('ShowTopic', { topicSlug: topic.slug })}>
              {topic.name}
            </a>
          </div>
          <FollowButton
            target={{ kind: 'tag', id: topic.id, name: topic.name }}
            isFollowing
            followSource="your_following"
          />
        </li>
      ))}
    </ul>
  );
}

function SuggestedWriters() {
  const people = useQuery(yourPagesQueries(useTRPC()).suggestedWriters());
  return (
    <>
      <p className="q-static-lead">{texts.suggestionsLead}</p>
      <PeopleList
        label={texts.followingTabs.suggestions}
        people={people.data?.people ?? []}
        empty={texts.followingEmpty.suggestions}
      />
    </>
  );
}

const mutedHref = (tab: MutedTab) => (tab === 'writers' ? '/me/settings/mute' : `/me/settings/mute/${tab}`);

/** Spec §2 /me/settings/mute[/{activeTab}]: the writers and publications the viewer muted, with Unmute. */
export function MutedPage({ tab }: { tab: MutedTab }) {
  return (
    <main className="q-column q-settings" data-testid="muted-page" data-tab={tab}>
      <h1>{texts.mutedTitle}</h1>
      <p className="q-static-lead">{texts.mutedLead}</p>
      <TabNav
        label={texts.mutedTitle}
        tabs={MUTED_TABS}
        current={tab}
        names={texts.mutedTabs}
        href={mutedHref}
      />
      {tab === 'writers' ? <MutedWriters /> : <MutedPublications />}
    </main>
  );
}

/** Unmute: the row goes once the server agrees; a refusal is a toast. */
function UnmuteButton({ unmute }: { unmute: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="s"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await unmute();
          toast(texts.unmuted);
        } catch (e) {
          toast(failureMessage(e), 'ERROR');
        } finally {
          setBusy(false);
        }
      }}
    >
      {texts.unmute}
    </Button>
  );
}

function MutedWriters() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = yourPagesQueries(trpc).mutedWriters();
  const list = useInfiniteQuery(options);
  const unmute = useMutation(trpc.social.unmuteUser.mutationOptions());
  const people = list.data?.pages.flatMap((p) => p.people) ?? [];
  return (
    <section aria-label={texts.mutedTabs.writers}>
      <PagedItems
        items={people}
        empty={list.data ? texts.mutedEmpty.writers : null}
        listClass="q-people"
        next={list}
      >
        {(person) => (
          <li key={person.id} className="q-person" data-testid="person">
            <Avatar name={person.name} imageId={person.imageId} size="S" lazy />
            <div className="q-person-text">
              <a
                className="q-person-name"
                href={quireRoutes.build('ShowUser', { username: person.username })}
              >
                {person.name}
              </a>
            </div>
            <UnmuteButton
              unmute={async () => {
                await unmute.mutateAsync({ targetUserId: person.id });
                await queryClient.invalidateQueries({ queryKey: options.queryKey });
              }}
            />
          </li>
        )}
      </PagedItems>
    </section>
  );
}

function MutedPublications() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = yourPagesQueries(trpc).mutedPublications();
  const list = useInfiniteQuery(options);
  const unmute = useMutation(trpc.social.unmuteCollection.mutationOptions());
  return (
    <PublicationList
      label={texts.mutedTabs.publications}
      pages={list.data?.pages}
      empty={texts.mutedEmpty.publications}
      next={list}
      action={(publication) => (
        <UnmuteButton
          unmute={async () => {
            await unmute.mutateAsync({ targetCollectionId: publication.id });
            await queryClient.invalidateQueries({ queryKey: options.queryKey });
          }}
        />
      )}
    />
  );
}

/** Spec §2 /me/readinghistory: the stories the viewer opened, each removable, and the whole list clearable. */
export function ReadingHistoryPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = yourPagesQueries(trpc).readingHistory();
  const history = useInfiniteQuery(options);
  const remove = useMutation(trpc.yourPages.removeFromHistory.mutationOptions());
  const clear = useMutation(trpc.yourPages.clearHistory.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });
  const posts = history.data?.pages.flatMap((p) => p.posts) ?? [];
  const run = async (change: () => Promise<unknown>, done?: string) => {
    try {
      await change();
      await refresh();
      if (done) toast(done);
    } catch (e) {
      toast(failureMessage(e), 'ERROR');
    }
  };
  return (
    <main className="q-column" data-testid="reading-history">
      <h1>{texts.historyTitle}</h1>
      <p className="q-static-lead">{texts.historyLead}</p>
      {posts.length ? (
        <p className="q-settings-actions">
          <Button
            disabled={clear.isPending}
            onClick={() => {
              if (window.confirm(texts.clearHistoryConfirm))
                void run(() => clear.mutateAsync(), texts.historyCleared);
            }}
          >
            {texts.clearHistory}
          </Button>
        </p>
      ) : null}
      <section aria-label={texts.historyTitle} data-testid="feed">
        <PagedItems items={posts} empty={history.data ? texts.historyEmpty : null} next={history}>
          {(post) => (
            <div key={post.id} className="q-history-item">
              <PostCardItem post={post} />
              <Button
                variant="text"
                size="s"
                disabled={remove.isPending}
                onClick={() => void run(() => remove.mutateAsync({ postId: post.id }))}
              >
                {texts.removeFromHistory}
              </Button>
            </div>
          )}
        </PagedItems>
      </section>
    </main>
  );
}

/** The invitations addressed to the viewer, each with Accept and Decline. */
function PublicationInvitations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(yourPagesQueries(trpc).invitations());
  const answer = useMutation(trpc.publications.answerInvitation.mutationOptions());
  const list = invitations.data?.invitations ?? [];
  if (!list.length) return null;
  const respond = async (invitationId: string, accept: boolean) => {
    try {
      const done = await answer.mutateAsync({ invitationId, accept });
      toast(done.message);
      await queryClient.invalidateQueries({ queryKey: trpc.publications.invitations.queryKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.yourPages.publications.queryKey() });
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    }
  };
  return (
    <section data-testid="publication-invitations">
      <h2>{adminTexts.invitationsTitle}</h2>
      <ul className="q-people">
        {list.map((invitation) => (
          <li key={invitation.id} className="q-person" data-testid="invitation">
            <Avatar
              name={invitation.publication.name}
              imageId={invitation.publication.avatarId}
              size="S"
              shape="square"
              lazy
            />
            <div className="q-person-text">
              <a
                className="q-person-name"
                href={quireRoutes.build('ShowCollectionHome', {
                  collectionSlug: invitation.publication.slug,
                })}
              >
                {invitation.publication.name}
              </a>
              <p>
                {adminTexts.invitationLine(
                  invitation.inviter ?? adminTexts.roleOf.EDITOR,
                  adminTexts.roleOf[invitation.role],
                )}
              </p>
            </div>
            <div className="q-row-actions">
              <Button variant="dark" size="s" onClick={() => void respond(invitation.id, true)}>
                {adminTexts.accept}
              </Button>
              <Button size="s" onClick={() => void respond(invitation.id, false)}>
                {adminTexts.decline}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A member's way out of a publication they write or edit for (the owner hands it over first). */
function LeaveButton({ collectionId }: { collectionId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const leave = useMutation(trpc.publications.leave.mutationOptions());
  const onClick = async () => {
    if (!window.confirm(adminTexts.leaveConfirm)) return;
    try {
      toast((await leave.mutateAsync({ collectionId })).message);
      await queryClient.invalidateQueries({ queryKey: trpc.yourPages.publications.queryKey() });
    } catch (error) {
      toast(failureMessage(error), 'ERROR');
    }
  };
  return (
    <button type="button" className="q-link-button" onClick={() => void onClick()}>
      {adminTexts.leave}
    </button>
  );
}

/** Spec §2 /me/publications: the publications the viewer owns, edits or writes for, and invitations to more. */
export function YourPublicationsPage() {
  const list = useQuery(yourPagesQueries(useTRPC()).publications());
  return (
    <main className="q-column" data-testid="your-publications">
      <div className="q-title-row">
        <h1>{texts.publicationsTitle}</h1>
        <a className={buttonClass('dark', 's')} href={quireRoutes.build('ShowNewPublication')}>
          {adminTexts.newPublication}
        </a>
      </div>
      <PublicationInvitations />
      {list.data ? (
        list.data.publications.length ? (
          <ul className="q-people">
            {list.data.publications.map((publication) => (
              <PublicationRow
                key={publication.id}
                publication={publication}
                action={
                  <div className="q-row-actions">
                    <span className="q-person-note">{texts.roles[publication.role]}</span>
                    {publication.canManage ? (
                      <a
                        href={quireRoutes.build('ShowByCollectionSlugPermissions', {
                          collectionSlug: publication.slug,
                        })}
                      >
                        {adminTexts.peopleTitle}
                      </a>
                    ) : null}
                    {publication.canLeave ? <LeaveButton collectionId={publication.id} /> : null}
                  </div>
                }
              />
            ))}
          </ul>
        ) : (
          <EmptyState title={texts.publicationsEmpty} />
        )
      ) : null}
    </main>
  );
}

type Activity = RouterOutputs['yourPages']['activity']['items'][number];

/** What one activity item says, and the link it leads to. */
function activityLine(item: Activity): { text: string; name: string; href: string; quote?: string } {
  switch (item.kind) {
    case 'CLAP':
      return { text: texts.activity.clapped(item.claps), name: item.post.title, href: item.post.mediumUrl };
    case 'RESPONSE':
      return { text: texts.activity.responded, name: item.post.title, href: item.post.mediumUrl };
    case 'HIGHLIGHT':
      return {
        text: texts.activity.highlighted,
        name: item.post.title,
        href: item.post.mediumUrl,
        quote: item.quote,
      };
    case 'FOLLOW_USER':
      return {
        text: texts.activity.followed,
        name: item.person.name,
        href: quireRoutes.build('ShowUser', { username: item.person.username }),
      };
    case 'FOLLOW_PUBLICATION':
      return {
        text: texts.activity.followed,
        name: item.publication.name,
        href: quireRoutes.build('ShowCollectionHome', { collectionSlug: item.publication.slug }),
      };
    case 'FOLLOW_TOPIC':
      return {
        text: texts.activity.followed,
        name: item.topic.name,
        href: quireRoutes.build('ShowTopic', { topicSlug: item.topic.slug }),
      };
  }
}

/** Spec §2 /me/activity: the viewer's claps, responses, highlights and follows, newest first. */
export function ActivityPage() {
  const list = useInfiniteQuery(yourPagesQueries(useTRPC()).activity());
  return (
    <main className="q-column" data-testid="your-activity">
      <h1>{texts.activityTitle}</h1>
      <p className="q-static-lead">{texts.activityLead}</p>
      <PagedItems
        items={list.data?.pages.flatMap((p) => p.items) ?? []}
        empty={list.data ? texts.activityEmpty : null}
        listClass="q-activity"
        next={list}
      >
        {(item) => {
          const line = activityLine(item);
          return (
            <li key={item.id} className="q-activity-item" data-kind={item.kind}>
              <p>
                {line.text} <a href={line.href}>{line.name}</a>
              </p>
              {line.quote ? <blockquote>{line.quote}</blockquote> : null}
              <time className="q-card-meta" dateTime={item.at}>
                {formatLongDate(item.at)}
              </time>
            </li>
          );
        }}
      </PagedItems>
    </main>
  );
}

import { accessTexts, ONBOARDING_MIN_TOPICS, onboardingTexts as texts } from '@quire/domain';
import { Button, EmptyState } from '@quire/ui';
import { useQuery } from '@tanstack/react-query';
import { FollowButton } from '../../components/FollowButton';
import { PeopleList } from '../../components/PeopleList';
import { navigateTo } from '../../lib/browser';
import { useMutation } from '../../lib/mutation';
import { failureMessage, toast } from '../../lib/social';
import { useTRPC } from '../../trpc';

/*
 * The steps after sign-up: topics (/get-started), writers (/m/getting-started), then /welcome. Each step keeps
 * the page the reader came from in `redirect`, where /welcome sends them at the end. /customize-topics is the
 * topic step on its own, for any time later.
 */

const withRedirect = (path: string, redirect: string) =>
  redirect === '/' ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;

/** Ends onboarding (finished or skipped) and goes on. */
function useFinish() {
  const trpc = useTRPC();
  const finish = useMutation(trpc.onboarding.finish.mutationOptions());
  return {
    busy: finish.isPending,
    run: async (skipped: boolean, then: string) => {
      try {
        await finish.mutateAsync({ skipped });
        navigateTo(then);
      } catch (e) {
        toast(failureMessage(e), 'ERROR');
      }
    },
  };
}

/** The topics to follow, as toggles; the count followed so far is what the step's button waits for. */
function TopicPicker() {
  const trpc = useTRPC();
  const topics = useQuery({ ...trpc.onboarding.topics.queryOptions(), staleTime: 0 });
  if (!topics.data) return null;
  if (!topics.data.topics.length) return <EmptyState title={texts.writersEmpty} />;
  return (
    <ul className="q-topic-picker" data-testid="topic-picker">
      {topics.data.topics.map((topic) => (
        <li key={topic.id}>
          <span>{topic.name}</span>
          <FollowButton
            target={{ kind: 'tag', id: topic.id, name: topic.name }}
            isFollowing={topic.viewerEdge.isFollowing}
            followSource="onboarding"
            className="q-button q-button-small"
          />
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 /get-started: the first step, topics. */
export function GetStartedPage({ name, redirect }: { name: string; redirect: string }) {
  const finish = useFinish();
  return (
    <main className="q-column q-onboarding" data-testid="get-started">
      <h1>{texts.topicsTitle(name.split(/\s+/)[0] ?? '')}</h1>
      <p className="q-static-lead">{texts.topicsLead}</p>
      <p className="q-field-hint">{texts.topicsHint(ONBOARDING_MIN_TOPICS)}</p>
      <TopicPicker />
      <p className="q-onboarding-actions">
        <a className="q-button q-button-dark" href={withRedirect('/m/getting-started', redirect)}>
          {texts.continue}
        </a>
        <Button variant="text" disabled={finish.busy} onClick={() => void finish.run(true, redirect)}>
          {texts.skip}
        </Button>
      </p>
    </main>
  );
}

/** Spec §2 /m/getting-started: the second step, writers to follow from the topics picked. */
export function GettingStartedPage({ redirect }: { redirect: string }) {
  const trpc = useTRPC();
  const writers = useQuery({ ...trpc.onboarding.writers.queryOptions(), staleTime: 0 });
  const finish = useFinish();
  return (
    <main className="q-column q-onboarding" data-testid="getting-started">
      <h1>{texts.writersTitle}</h1>
      <p className="q-static-lead">{texts.writersLead}</p>
      {writers.data ? (
        <PeopleList label={texts.writersTitle} people={writers.data.people} empty={texts.writersEmpty} />
      ) : null}
      <p className="q-onboarding-actions">
        <Button
          variant="dark"
          disabled={finish.busy}
          onClick={() => void finish.run(false, withRedirect('/welcome', redirect))}
        >
          {texts.continue}
        </Button>
        <Button variant="text" disabled={finish.busy} onClick={() => void finish.run(true, redirect)}>
          {texts.skip}
        </Button>
      </p>
    </main>
  );
}

/** Spec §2 /welcome: the end of onboarding. */
export function WelcomePage({ redirect }: { redirect: string }) {
  return (
    <main className="q-column q-onboarding" data-testid="welcome">
      <h1>{texts.welcomeTitle}</h1>
      <p className="q-static-lead">{texts.welcomeLead}</p>
      <p className="q-onboarding-actions">
        <a className="q-button q-button-dark" href={redirect}>
          {texts.startReading}
        </a>
        <a className="q-button" href="/new-story">
          {texts.writeStory}
        </a>
      </p>
      <p className="q-field-hint">{texts.changeTopics}</p>
    </main>
  );
}

/** Spec §2 /customize-topics: the topics step on its own. */
export function CustomizeTopicsPage() {
  return (
    <main className="q-column q-onboarding" data-testid="customize-topics">
      <h1>{texts.customizeTitle}</h1>
      <p className="q-static-lead">{texts.customizeLead}</p>
      <TopicPicker />
      <p className="q-onboarding-actions">
        <a className="q-button q-button-dark" href="/">
          {texts.done}
        </a>
      </p>
    </main>
  );
}

/** A page that only says where the reader stands, with the way home. */
function StatusPage({ testId, title, lead }: { testId: string; title: string; lead: string }) {
  return (
    <main className="q-column q-static" data-testid={testId}>
      <h1>{title}</h1>
      <p className="q-static-lead">{lead}</p>
      <p>
        <a className="q-button" href="/">
          {texts.backHome}
        </a>
      </p>
    </main>
  );
}

/** Spec §2 /suspended: what a suspended account sees. */
export const SuspendedPage = () => (
  <StatusPage testId="suspended" title={texts.suspendedTitle} lead={accessTexts.suspendedAccount} />
);

/** Spec §2 /not-available: a page withheld where the reader is. */
export const NotAvailablePage = () => (
  <StatusPage testId="not-available" title={texts.notAvailableTitle} lead={texts.notAvailableLead} />
);

import { useSessionStore } from '@quire/client-state';
import { formatLongDate, newsletterSubscribeTexts as texts } from '@quire/domain';
import { Avatar, buttonClass, Card, EmptyState } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SubscribeButton, type SubscribeTarget } from '../../components/newsletters/SubscribeButton';
import { SubscribeEmailForm } from '../../components/newsletters/SubscribeEmailDialog';
import { subscribeToast } from '../../components/newsletters/subscribe-target';
import { failureMessage } from '../../lib/social';
import { useTRPC, useTRPCClient } from '../../trpc';
import { NotFoundPage } from '../NotFoundPage';
import { newsletterQueries } from './newsletter-queries';

/** Subscribing from a landing page: the button when signed in, the address form when not. */
function SubscribeHere({ target, name }: { target: SubscribeTarget; name: string }) {
  const signedIn = useSessionStore((s) => s.isLoggedIn);
  return signedIn ? (
    <SubscribeButton target={target} name={name} withLabel />
  ) : (
    <SubscribeEmailForm target={target} />
  );
}

/** Spec §2 /subscribe/@{username} and /@{username}/subscribe: a writer's subscribe landing. */
export function WriterSubscribePage({ username }: { username: string }) {
  const trpc = useTRPC();
  const { data, isError } = useQuery(newsletterQueries(trpc).writerLanding(username));
  if (isError) return <NotFoundPage />;
  if (!data) return <main className="q-column" aria-busy="true" />;
  const { writer } = data;
  return (
    <main className="q-column" data-testid="writer-subscribe-page">
      <Avatar name={writer.name} imageId={writer.imageId} size="XL" />
      <h1>{texts.landingTitle(writer.name)}</h1>
      <p className="q-static-lead">{texts.landingLead(writer.name)}</p>
      {writer.bio ? <p>{writer.bio}</p> : null}
      <p>
        <a href={`/@${encodeURIComponent(writer.username)}`}>@{writer.username}</a>
      </p>
      {data.isOwn ? (
        <p>{texts.ownNewsletterNote}</p>
      ) : (
        <SubscribeHere target={{ kind: 'user', id: writer.id }} name={writer.name} />
      )}
    </main>
  );
}

/**
 * Spec §2 ShowCollectionNewsletterLanding (/{collectionSlug}/newsletters/{newsletterSlug}): the publication, the
 * newsletter, its subscribers and its past issues that are public stories. No Open-in-app button (spec §2).
 */
export function PublicationNewsletterLanding({
  slug,
  newsletterSlug,
}: {
  slug: string;
  newsletterSlug: string;
}) {
  const trpc = useTRPC();
  const { data, isError } = useQuery(newsletterQueries(trpc).publicationLanding(slug, newsletterSlug));
  if (isError) return <NotFoundPage />;
  if (!data) return <main className="q-column" aria-busy="true" />;
  const { publication, newsletter } = data;
  return (
    <main className="q-column" data-testid="newsletter-landing">
      <a className="q-person" href={`/${encodeURIComponent(publication.slug)}`}>
        <Avatar
          name={publication.name}
          imageId={publication.logoId ?? publication.avatarId}
          size="L"
          shape="square"
        />
        <span className="q-person-name">{publication.name}</span>
      </a>
      <h1>{newsletter.name}</h1>
      {newsletter.description ? <p className="q-static-lead">{newsletter.description}</p> : null}
      <p className="q-person-note" data-testid="subscriber-count">
        {texts.subscriberCount(newsletter.subscriberCount)}
      </p>
      <SubscribeHere target={{ kind: 'newsletter', id: newsletter.id }} name={newsletter.name} />
      <h2>{texts.pastIssues}</h2>
      {data.issues.length ? (
        <ul className="q-people" data-testid="past-issues">
          {data.issues.map((issue) => (
            <li key={issue.postId} className="q-person">
              <div className="q-person-text">
                <a className="q-person-name" href={`/p/${issue.postId}`}>
                  {issue.title}
                </a>
                <p>{formatLongDate(issue.sentAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={texts.noPastIssues} />
      )}
    </main>
  );
}

/** Unsubscribe on a /me/newsletters row. */
function UnsubscribeButton({ newsletterId, name }: { newsletterId: string; name: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await client.newsletters.unsubscribe.mutate({ newsletterId });
      subscribeToast(texts.unsubscribed(name), 'NEWSLETTER_UNSUBSCRIBE');
      await queryClient.invalidateQueries({ queryKey: trpc.newsletters.pathKey() });
    } catch (error) {
      subscribeToast(failureMessage(error), 'SUBSCRIBE_FAIL');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={buttonClass('outline', 's')}
      disabled={busy}
      aria-label={texts.unsubscribeFrom(name)}
      onClick={() => void onClick()}
    >
      {texts.unsubscribe}
    </button>
  );
}

/** Spec §2 /me/newsletters: the newsletters the viewer gets, and a writer's own newsletter's box. */
export function MyNewslettersPage() {
  const trpc = useTRPC();
  const { data } = useQuery(newsletterQueries(trpc).mine());
  if (!data) return <main className="q-column" aria-busy="true" />;
  const { own, subscriptions } = data;
  return (
    <main className="q-column" data-testid="my-newsletters">
      <h1>{texts.mineTitle}</h1>
      <p className="q-static-lead">{texts.mineLead}</p>
      {own ? (
        <Card as="section" data-testid="your-newsletter">
          <h2>{texts.yourNewsletter}</h2>
          <p>{texts.yourNewsletterLead}</p>
          <p className="q-person-note" data-testid="own-subscriber-count">
            {texts.subscriberCount(own.subscriberCount)}
          </p>
          <div className="q-row-actions">
            <a className={buttonClass('outline', 's')} href="/me/subscribers/import">
              {texts.importSubscribers}
            </a>
            <a className={buttonClass('outline', 's')} href="/me/subscribers/confirm-export">
              {texts.exportSubscribers}
            </a>
            {own.id ? (
              <a className={buttonClass('outline', 's')} href={`/newsletters/${own.id}/stats`}>
                {texts.viewStats}
              </a>
            ) : null}
          </div>
        </Card>
      ) : null}
      {subscriptions.length ? (
        <ul className="q-people" data-testid="newsletter-subscriptions">
          {subscriptions.map(({ newsletter, writer, publication, since }) => {
            const owner = writer
              ? {
                  name: writer.name,
                  imageId: writer.imageId,
                  href: `/@${encodeURIComponent(writer.username)}`,
                }
              : {
                  name: publication?.name ?? '',
                  imageId: publication?.avatarId ?? null,
                  href: `/${publication?.slug ?? ''}`,
                };
            return (
              <li key={newsletter.id} className="q-person" data-testid="newsletter-subscription">
                <Avatar
                  name={owner.name}
                  imageId={owner.imageId}
                  size="S"
                  shape={writer ? 'circle' : 'square'}
                  lazy
                />
                <div className="q-person-text">
                  <a className="q-person-name" href={owner.href}>
                    {newsletter.name}
                  </a>
                  {newsletter.name !== owner.name ? <p>{owner.name}</p> : null}
                  <p>{texts.since(formatLongDate(since))}</p>
                </div>
                <UnsubscribeButton newsletterId={newsletter.id} name={newsletter.name} />
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState
          title={texts.emptyTitle}
          action={
            <a className={buttonClass('dark', 's')} href="/me/following/suggestions">
              {texts.emptyAction}
            </a>
          }
        >
          {texts.emptyBody}
        </EmptyState>
      )}
    </main>
  );
}

/** Where a confirmation link lands (GET /m/newsletter/confirm/{token}): confirmed, naming the newsletter. */
export function SubscriptionConfirmedPage({ newsletterId }: { newsletterId: string }) {
  const trpc = useTRPC();
  const { data, isError } = useQuery(newsletterQueries(trpc).state(newsletterId));
  if (isError || (data && !data.newsletter)) return <NotFoundPage />;
  if (!data?.newsletter) return <main className="q-column" aria-busy="true" />;
  return (
    <main className="q-column" data-testid="subscription-confirmed">
      <h1>{texts.confirmedTitle}</h1>
      <p className="q-static-lead">{texts.confirmedBody(data.newsletter.name)}</p>
    </main>
  );
}

/** Where a wrong or spent confirmation link lands. */
export function SubscriptionConfirmFailedPage() {
  return (
    <main className="q-column" data-testid="subscription-confirm-failed">
      <h1>{texts.confirmFailedTitle}</h1>
      <p className="q-static-lead">{texts.confirmFailedBody}</p>
    </main>
  );
}

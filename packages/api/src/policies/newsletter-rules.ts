import { newsletterAccessTexts as texts } from '@quire/domain';
import { archivedRefusal, type PublicationSubject, type Refusal, refuse } from './facts';
import { accountRefusal } from './other-rules';
import { managePublication, viewPublication } from './publication-rules';
import type { PolicyViewer } from './viewer';

/*
 * Who may subscribe to, manage and send a newsletter (spec §3 Newsletter type: a writer's or a publication's).
 * A writer's newsletter is theirs alone; a publication's is run by its owner and editors. To anyone else its
 * settings, subscribers and stats do not exist (404).
 */

/** A newsletter as the rules read it: a writer's (user) or a publication's (collection). */
export interface NewsletterSubject {
  user: { id: string } | null;
  collection: PublicationSubject | null;
}

const notFound = refuse('NOT_FOUND', texts.notFound);

/** Whether the newsletter is the viewer's own writer's newsletter (which they cannot subscribe to). */
export const ownsNewsletter = (viewer: PolicyViewer, newsletter: NewsletterSubject): boolean =>
  !!viewer.user && newsletter.user?.id === viewer.user.id;

/** Seeing that a newsletter exists (its landing page, its Subscribe button): a private publication's members only. */
function viewNewsletter(viewer: PolicyViewer, newsletter: NewsletterSubject): Refusal | null {
  if (newsletter.collection) return viewPublication(viewer, newsletter.collection) ? notFound : null;
  return newsletter.user && viewer.blockedBy.has(newsletter.user.id) ? notFound : null;
}

/**
 * Subscribing with one's account: anyone who sees it, except its own writer (spec §8 SUBSCRIBE_SELF). A visitor
 * subscribes by email instead, confirmed from the email (the service's path, not this rule).
 */
function subscribeToNewsletter(viewer: PolicyViewer, newsletter: NewsletterSubject): Refusal | null {
  const seen = viewNewsletter(viewer, newsletter);
  if (seen) return seen;
  if (!viewer.user) return accountRefusal(null, true);
  return ownsNewsletter(viewer, newsletter) ? refuse('BAD_REQUEST', texts.subscribeSelf) : null;
}

/** Its settings, subscribers (import and export) and stats: the writer, or the publication's owner and editors. */
function manageNewsletter(viewer: PolicyViewer, newsletter: NewsletterSubject): Refusal | null {
  if (!viewer.user) return accountRefusal(null, false);
  if (newsletter.collection) return managePublication(viewer, newsletter.collection) ? notFound : null;
  return newsletter.user?.id === viewer.user.id ? null : notFound;
}

/** Sending an issue: who manages it, with an account in good standing; an archived publication sends nothing. */
function sendNewsletter(viewer: PolicyViewer, newsletter: NewsletterSubject): Refusal | null {
  return (
    manageNewsletter(viewer, newsletter) ??
    accountRefusal(viewer.user, true) ??
    (newsletter.collection ? archivedRefusal(newsletter.collection) : null)
  );
}

/** Every question about newsletters, by action. */
export const newsletterRules = {
  viewNewsletter,
  subscribeToNewsletter,
  manageNewsletter,
  sendNewsletter,
} as const;

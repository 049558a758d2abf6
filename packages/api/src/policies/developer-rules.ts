import { accessTexts, oauthAppTexts } from '@quire/domain';
import { type Refusal, refuse } from './facts';
import { accountRefusal } from './other-rules';
import type { PolicyViewer } from './viewer';

/*
 * The developer platform's rules (spec §2 /me/applications, /m/oauth/authorize): an OAuth application is its
 * owner's alone to see and change; to anyone else it does not exist. Allowing one is open to any account in good
 * standing while the application lives.
 */

/** An OAuth application as the rules read it. */
export interface OAuthApplicationSubject {
  owner: { id: string };
  revokedAt?: Date | null;
}

const notFound = refuse('NOT_FOUND', oauthAppTexts.notFound);

/** Seeing, editing, resetting the secret of and deleting an application: its owner. */
function manageOAuthApplication(viewer: PolicyViewer, app: OAuthApplicationSubject): Refusal | null {
  if (!viewer.user) return accountRefusal(null, false);
  return app.owner.id === viewer.user.id && !app.revokedAt ? null : notFound;
}

/** Allowing an application to act for one's account (the consent screen): a live application, an account in good standing. */
function authorizeOAuthApplication(viewer: PolicyViewer, app: OAuthApplicationSubject): Refusal | null {
  return accountRefusal(viewer.user, true) ?? (app.revokedAt ? notFound : null);
}

/** Calling /v1 as an account with its token: an account neither deleted nor suspended. */
function callApi(viewer: PolicyViewer): Refusal | null {
  if (viewer.user?.isDeleted) return refuse('UNAUTHORIZED', accessTexts.signIn);
  return accountRefusal(viewer.user, true);
}

/** Every question about the developer platform, by action. */
export const developerRules = {
  callApi,
  manageOAuthApplication,
  authorizeOAuthApplication,
} as const;

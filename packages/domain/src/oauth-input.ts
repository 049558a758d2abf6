import { z } from 'zod';
import { OAUTH_APP_LIMITS, redirectUriProblem, splitRedirectUris, oauthAppTexts as texts } from './oauth';
import { textInput } from './text-input';

/* The OAuth application procedures' input, apart from oauth.ts so the reader's pages load no validation library. */

/** An application id: any text up to 64 characters (a malformed one is as unknown as another user's). */
export const oauthApplicationIdInput = z.object({ applicationId: textInput().max(64) });

/**
 * Redirect URIs, as typed one a line or as a list: each an https URL (http only on a loopback host), no
 * fragment, at most OAUTH_APP_LIMITS.redirectUris of them.
 */
export const redirectUrisInput = z
  .union([
    textInput().max(OAUTH_APP_LIMITS.redirectUris * (OAUTH_APP_LIMITS.redirectUri + 2)),
    z.array(textInput()),
  ])
  .transform((value) =>
    typeof value === 'string' ? splitRedirectUris(value) : splitRedirectUris(value.join('\n')),
  )
  .superRefine((uris, ctx) => {
    if (!uris.length) ctx.addIssue({ code: 'custom', message: texts.redirectUrisRequired });
    if (uris.length > OAUTH_APP_LIMITS.redirectUris)
      ctx.addIssue({ code: 'custom', message: texts.tooManyRedirectUris });
    for (const uri of uris) {
      const problem =
        uri.length > OAUTH_APP_LIMITS.redirectUri ? texts.redirectUriTooLong : redirectUriProblem(uri);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  });

/** What /me/applications/new and an application's page send. */
export const oauthApplicationFields = {
  name: textInput().trim().min(1, texts.nameRequired).max(OAUTH_APP_LIMITS.name),
  description: textInput().trim().max(OAUTH_APP_LIMITS.description).default(''),
  redirectUris: redirectUrisInput,
};

export const createOAuthApplicationInput = z.object(oauthApplicationFields);

export const updateOAuthApplicationInput = z.object({
  applicationId: textInput().max(64),
  ...oauthApplicationFields,
});

/**
 * The query of /m/oauth/authorize as the consent page sends it on: every field optional text, checked by the
 * service so each problem gets the answer RFC 6749 §4.1.2.1 gives it (an error page or a redirect).
 */
export const oauthAuthorizeInput = z.object({
  client_id: textInput().max(200).optional(),
  redirect_uri: textInput().max(OAUTH_APP_LIMITS.redirectUri).optional(),
  response_type: textInput().max(100).optional(),
  scope: textInput().max(500).optional(),
  state: textInput().max(2000).optional(),
  code_challenge: textInput().max(200).optional(),
  code_challenge_method: textInput().max(20).optional(),
});
export type OAuthAuthorizeQuery = z.infer<typeof oauthAuthorizeInput>;

/** The consent screen's answer: the request it shows, and Allow (true) or Deny. */
export const oauthDecideInput = oauthAuthorizeInput.extend({ allow: z.boolean() });

/** A field of a token or revocation request: text, as a form or JSON body carries it. */
const tokenField = textInput().max(4000).optional();

/** The body of /m/token and /m/oauth/revoke (RFC 6749 §4.1.3, §6, RFC 7009 §2.1): every field optional text. */
export const oauthTokenRequestInput = z.object({
  grant_type: tokenField,
  code: tokenField,
  redirect_uri: tokenField,
  code_verifier: tokenField,
  refresh_token: tokenField,
  scope: tokenField,
  client_id: tokenField,
  client_secret: tokenField,
  token: tokenField,
  token_type_hint: tokenField,
});
export type OAuthTokenRequest = z.infer<typeof oauthTokenRequestInput>;

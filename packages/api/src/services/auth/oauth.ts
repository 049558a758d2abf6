import type { EntityManager } from '@mikro-orm/postgresql';
import { OAuthIdentity, type User } from '@quire/db';
import { afterSignUpPath, onboardingStatusFor } from '@quire/domain';
import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  type OAuth2Tokens,
} from 'arctic';
import type { Context } from '../../trpc';
import type { SocialProvider } from '../environment';
import { createUser, userByEmail } from './accounts';
import { completeFirstFactor } from './login';
import type { LoginResult } from './results';

/** What a provider tells us about the person who signed in. */
export interface SocialProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** One OAuth 2.0 / OpenID Connect provider: endpoints, scopes and how to read the profile. */
export interface OAuthProviderConfig {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  scopes: string[];
  pkce: boolean;
  /** Apple posts the result back (form_post): its state cookie must survive a cross-site POST. */
  formPost?: boolean;
  extraAuthorizationParams?: Record<string, string>;
  profile(tokens: OAuth2Tokens): Promise<SocialProfile>;
}

const idTokenProfile = (tokens: OAuth2Tokens): SocialProfile => {
  const claims = decodeIdToken(tokens.idToken()) as {
    sub: string;
    email?: string;
    email_verified?: boolean | string;
    name?: string;
  };
  return {
    providerUserId: claims.sub,
    email: claims.email ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: claims.name ?? null,
  };
};

async function getJson(url: string, accessToken: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`profile request failed with ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The four providers of spec §2, with their public endpoints (tests point them at a local fake). */
export function standardProviders(
  credentials: Partial<Record<SocialProvider, { id: string; secret: string }>>,
  base?: string,
) {
  const at = (real: string) => (base ? `${base}${new URL(real).pathname}` : real);
  const configs: OAuthProviderConfig[] = [];
  const google = credentials.google;
  if (google) {
    configs.push({
      provider: 'google',
      clientId: google.id,
      clientSecret: google.secret,
      authorizationEndpoint: at('https://accounts.google.com/o/oauth2/v2/auth'),
      tokenEndpoint: at('https://oauth2.googleapis.com/token'),
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      profile: async (tokens) => idTokenProfile(tokens),
    });
  }
  const facebook = credentials.facebook;
  if (facebook) {
    configs.push({
      provider: 'facebook',
      clientId: facebook.id,
      clientSecret: facebook.secret,
      authorizationEndpoint: at('https://www.facebook.com/v19.0/dialog/oauth'),
      tokenEndpoint: at('https://graph.facebook.com/v19.0/oauth/access_token'),
      scopes: ['email', 'public_profile'],
      pkce: false,
      profile: async (tokens) => {
        const me = await getJson(
          at('https://graph.facebook.com/me?fields=id,name,email'),
          tokens.accessToken(),
        );
        return {
          providerUserId: String(me.id),
          email: (me.email as string) ?? null,
          emailVerified: !!me.email,
          name: (me.name as string) ?? null,
        };
      },
    });
  }
  const twitter = credentials.twitter;
  if (twitter) {
    configs.push({
      provider: 'twitter',
      clientId: twitter.id,
      clientSecret: twitter.secret,
      authorizationEndpoint: at('https://twitter.com/i/oauth2/authorize'),
      tokenEndpoint: at('https://api.x.com/2/oauth2/token'),
      scopes: ['users.read', 'tweet.read'],
      pkce: true,
      profile: async (tokens) => {
        const me = (await getJson(at('https://api.x.com/2/users/me'), tokens.accessToken())).data as Record<
          string,
          unknown
        >;
        return {
          providerUserId: String(me.id),
          email: null,
          emailVerified: false,
          name: (me.name as string) ?? null,
        };
      },
    });
  }
  const apple = credentials.apple;
  if (apple) {
    configs.push({
      provider: 'apple',
      clientId: apple.id,
      clientSecret: apple.secret,
      authorizationEndpoint: at('https://appleid.apple.com/auth/authorize'),
      tokenEndpoint: at('https://appleid.apple.com/auth/token'),
      scopes: ['name', 'email'],
      pkce: false,
      formPost: true,
      extraAuthorizationParams: { response_mode: 'form_post' },
      profile: async (tokens) => idTokenProfile(tokens),
    });
  }
  return configs;
}

/** Spec §4: the state sent at login is pipe-joined parts (service|redirect|entry|operation), plus a nonce. */
export function encodeState(parts: { provider: string; redirect: string; entry: string; operation: string }) {
  return [parts.provider, parts.redirect, parts.entry, parts.operation, generateState()]
    .map(encodeURIComponent)
    .join('|');
}

export function decodeState(state: string) {
  const [provider, redirect, entry, operation, nonce] = state.split('|').map(decodeURIComponent);
  return { provider, redirect, entry, operation, nonce };
}

/** The provider's authorization URL, plus what the browser must keep (state and PKCE verifier). */
export function startSocialSignIn(config: OAuthProviderConfig, redirectUri: string, state: string) {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const verifier = config.pkce ? generateCodeVerifier() : null;
  const url = verifier
    ? client.createAuthorizationURLWithPKCE(
        config.authorizationEndpoint,
        state,
        CodeChallengeMethod.S256,
        verifier,
        config.scopes,
      )
    : client.createAuthorizationURL(config.authorizationEndpoint, state, config.scopes);
  for (const [k, v] of Object.entries(config.extraAuthorizationParams ?? {})) url.searchParams.set(k, v);
  return { url, verifier };
}

/**
 * The provider sent the browser back with a code: trade it for tokens, find or create the user
 * (linking by a verified email), and sign in (two-factor still applies).
 */
export async function finishSocialSignIn(
  ctx: Context,
  em: EntityManager,
  config: OAuthProviderConfig,
  opts: {
    code: string;
    verifier: string | null;
    redirectUri: string;
    redirect: string;
    entryPoint?: string | null;
  },
): Promise<LoginResult> {
  const client = new OAuth2Client(config.clientId, config.clientSecret, opts.redirectUri);
  const tokens = await client.validateAuthorizationCode(config.tokenEndpoint, opts.code, opts.verifier);
  const profile = await config.profile(tokens);
  const provider = config.provider.toUpperCase() as OAuthIdentity['provider'];
  const identity = await em.findOne(
    OAuthIdentity,
    { provider, providerUserId: profile.providerUserId },
    { populate: ['user'] },
  );
  let user: User | null = identity?.user ?? null;
  let redirect = opts.redirect;
  if (!user && profile.email && profile.emailVerified) user = await userByEmail(em, profile.email);
  if (!user) {
    if (!profile.email) {
      return {
        __typename: 'BadRequest',
        message: `Your ${config.provider} account did not share an email address. Sign up with email instead.`,
      };
    }
    user = await createUser(em, ctx, {
      email: profile.email,
      name: profile.name ?? profile.email.split('@')[0]!,
      verified: profile.emailVerified,
      onboardingStatus: onboardingStatusFor(opts.entryPoint),
    });
    redirect = afterSignUpPath(user.onboardingStatus, redirect);
  }
  if (!identity) em.create(OAuthIdentity, { provider, providerUserId: profile.providerUserId, user });
  return completeFirstFactor(ctx, em, user, redirect);
}

import type { AppRouter, RouterOutputs } from '@quire/api';
import { useSusiStore } from '@quire/client-state';
import { authUiTexts } from '@quire/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { SusiModal, type SusiPageOpen } from '../src/components/susi';
import { loadAuthUi } from '../src/components/susi/lazy';
import { CaptchaQuestion } from '../src/components/susi/steps';
import { SigninPage } from '../src/pages/SigninPage';
import { comingSoonFor, routeFor } from '../src/routes';
import { TRPCProvider } from '../src/trpc';

type Options = RouterOutputs['auth']['options'];

const OPTIONS: Options = {
  enablePasswords: false,
  emailEnabled: true,
  providers: ['google', 'apple'],
  captcha: { kind: 'local', siteKey: null },
  skipLoginCaptcha: false,
  oneTap: { enabled: false, clientId: null },
};

// Rendering must not touch the network: the options come from the cache, as the server prefetches them.
const client = createTRPCClient<AppRouter>({
  links: [() => () => observable((o) => o.error(new TRPCClientError('no network in this test')))],
});

/** Server-renders the /m/signin modal with the given options, as the server does. */
const render = (page: SusiPageOpen, options: Partial<Options> = {}) =>
  renderAt('/m/signin', <SusiModal page={page} />, options);

/** Server-renders `node` at `location` with the sign-in options in the cache. */
function renderAt(location: string, node: ReactNode, options: Partial<Options> = {}): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  queryClient.setQueryData(trpc.auth.options.queryKey(), { ...OPTIONS, ...options });
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <Router ssrPath={location}>{node}</Router>
      </TRPCProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'");

beforeAll(async () => {
  await loadAuthUi();
});

describe('sign-in modal on the server (spec §2)', () => {
  it('renders SIGNIN_OPTIONS open, from the page props, while the store is still closed', () => {
    expect(useSusiStore.getState().isOpen).toBe(false);
    const html = render({});
    expect(html).toContain('role="dialog"');
    expect(html).toContain('data-step="SIGNIN_OPTIONS"');
    expect(text(html)).toContain('Welcome Back');
    expect(text(html)).toContain('Or, Sign in with');
    expect(text(html)).toContain("Don't have an account? Sign up");
    expect(text(html)).toContain('Get help');
  });

  it('shows a button only for the providers the server offers', () => {
    const html = render({});
    expect(html).toContain('href="/m/connect/google?operation=login"');
    expect(html).toContain('href="/m/connect/apple?operation=login"');
    expect(html).not.toContain('/m/connect/facebook');
    expect(html).not.toContain('/m/connect/twitter');
    const none = render({}, { providers: [] });
    expect(none).not.toContain('/m/connect/');
    expect(text(none)).not.toContain('Or, Sign in with');
  });

  it('passes redirect and entry to the social sign-in start', () => {
    const html = render({ redirect: '/p/abc', entryPoint: 'follow' }, { providers: ['google'] });
    expect(html).toContain(
      'href="/m/connect/google?operation=login&amp;redirect=%2Fp%2Fabc&amp;entry=follow"',
    );
  });

  it('renders SIGNUP_OPTIONS with Facebook and Google only', () => {
    const html = render({ operation: 'register' }, { providers: ['google', 'facebook', 'twitter', 'apple'] });
    expect(html).toContain('data-step="SIGNUP_OPTIONS"');
    expect(text(html)).toContain('Or, Sign up with');
    expect(text(html)).toContain('Sign up with email');
    expect(text(html)).toContain('Already have an account? Sign in');
    expect(html).toContain('/m/connect/facebook?operation=register');
    expect(html).toContain('/m/connect/google?operation=register');
    expect(html).not.toContain('/m/connect/twitter');
    expect(html).not.toContain('/m/connect/apple');
  });

  it('hides the email button when email sign-in is off', () => {
    expect(text(render({}, { emailEnabled: false }))).not.toContain('Sign in with email');
  });

  it('titles ENTER_EMAIL by operation and by whether passwords are on', () => {
    expect(text(render({ step: 'ENTER_EMAIL' }))).toContain('Sign in with email');
    expect(text(render({ step: 'ENTER_EMAIL', operation: 'register' }))).toContain('Sign up with email');
    const passwords = text(render({ step: 'ENTER_EMAIL' }, { enablePasswords: true }));
    expect(passwords).toContain('Sign in with your email');
    expect(passwords).toContain("What's your email?");
    expect(text(render({ step: 'ENTER_EMAIL', entryPoint: 'clap' }))).toContain(
      'Join the product or sign in',
    );
  });

  it('opens at ENTER_EMAIL with the expired-link title after email_login_timeout', () => {
    const html = render({ entryPoint: 'email_login_timeout' });
    expect(html).toContain('data-step="ENTER_EMAIL"');
    expect(text(html)).toContain('Your sign in/up link has expired');
    expect(text(render({ entryPoint: 'email_login_timeout' }, { enablePasswords: true }))).toContain(
      'Your login link has expired.',
    );
  });

  it('renders the pending second factor and the name step the server links to', () => {
    const twoFactor = render({ step: 'VERIFY_2FA_CODE', twoFactorToken: 't', twoFactorMethod: 'AUTH_APP' });
    expect(twoFactor).toContain('maxLength="7"');
    const name = text(render({ step: 'ENTER_NAME', operation: 'register', email: 'ada@example.com' }));
    expect(name).toContain('Create your account');
    expect(name).toContain("What's your name?");
    expect(name).toContain('Full name');
    expect(name).toContain('Go back');
  });

  it('says why the local captcha question is asked, under the question', () => {
    const question = 'What is 2 + 3?';
    const html = renderToStaticMarkup(<CaptchaQuestion question={question} answer="" setAnswer={() => {}} />);
    expect(text(html)).toContain(question);
    expect(authUiTexts.captchaReason).toBe('We ask this to protect accounts from automated sign-ups.');
    // Screen readers hear the reason with the field.
    const hintId = /<p id="([^"]+)" class="q-field-hint">([^<]*)<\/p>/.exec(html);
    expect(hintId?.[2]).toBe(authUiTexts.captchaReason);
    expect(html).toContain(`aria-describedby="${hintId?.[1]}"`);
    expect(html).toContain('name="captcha"');
  });

  it('opens /registration-form on sign-up and /unrecognized-account at the address no account has', () => {
    expect(routeFor('/registration-form').route.name).toBe('ShowRegistrationForm');
    expect(routeFor('/unrecognized-account').route.name).toBe('ShowUnrecognizedAccount');
    expect(comingSoonFor('/registration-form')).toBeUndefined();
    expect(comingSoonFor('/unrecognized-account')).toBeUndefined();
    const registration = text(renderAt('/registration-form', <SigninPage opening="registration" />));
    expect(registration).toContain('Create your account');
    expect(registration).not.toContain('Welcome Back');
    const unrecognized = renderAt(
      '/unrecognized-account?email=ada%40example.com',
      <SigninPage opening="unrecognized" />,
    );
    expect(unrecognized).toContain('data-step="UNRECOGNIZED_EMAIL"');
    expect(text(unrecognized)).toContain('ada@example.com');
  });

  it('renders nothing for the overlay while the store is closed', () => {
    const queryClient = new QueryClient();
    const html = renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={client} queryClient={queryClient}>
          <SusiModal />
        </TRPCProvider>
      </QueryClientProvider>,
    );
    expect(html).toBe('');
  });
});

import { type SusiState, useSusiStore } from '@quire/client-state';
import {
  authUiTexts,
  EMAIL_LOGIN_TIMEOUT_ENTRY,
  LOGIN_CODE_LENGTH,
  looksLikeGmail,
  RECOVERY_CODE_LENGTH,
  susiProviderNames,
  susiTexts,
  TWO_FACTOR_CODE_LENGTH,
} from '@quire/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useInAppBrowser } from '../../lib/browser';
import { FormError, TextField, type TextFieldProps } from './fields';
import { type AuthOptions, useSusiFlow } from './flow';
import { type SocialProvider, socialHref } from './social';

const actions = () => useSusiStore.getState();

/** The providers the server offers, in the order a screen lists them; Google is hidden in in-app browsers. */
function useProviders(options: AuthOptions | undefined, order: readonly SocialProvider[]): SocialProvider[] {
  const inApp = useInAppBrowser();
  const offered = options?.providers ?? [];
  return order.filter((p) => offered.includes(p) && !(p === 'google' && inApp));
}

function Title({ children }: { children: ReactNode }) {
  return (
    <h2 id="q-susi-title" className="q-susi-title">
      {children}
    </h2>
  );
}

/** A link-styled button for the in-modal links. */
function LinkButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className="q-link-button" onClick={onClick}>
      {children}
    </button>
  );
}

function Form({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="q-susi-form" noValidate onSubmit={submit}>
      {children}
    </form>
  );
}

function Submit({ label, lockedOut }: { label: string; lockedOut?: boolean }) {
  const { busy } = useSusiFlow();
  return (
    <button type="submit" className="q-button q-button-dark q-susi-submit" disabled={busy || lockedOut}>
      {label}
    </button>
  );
}

/** A one-field code form (two-factor, recovery or emailed login code): owns the typed code and submits it. */
function CodeForm({
  view,
  field,
  submitLabel,
  onSubmit,
}: {
  view: SusiState;
  field: Pick<TextFieldProps, 'label' | 'name' | 'inputMode' | 'autoComplete' | 'maxLength'>;
  submitLabel: string;
  onSubmit(code: string): void;
}) {
  const [code, setCode] = useState('');
  return (
    <Form onSubmit={() => onSubmit(code)}>
      <TextField {...field} value={code} invalid={!!view.error} onChange={setCode} />
      <FormError text={view.error} />
      <Submit label={submitLabel} lockedOut={view.lockedOut} />
    </Form>
  );
}

/** The local captcha's question and answer field, with the sentence that says why it is asked. */
export function CaptchaQuestion({
  question,
  answer,
  setAnswer,
}: {
  question: string;
  answer: string;
  setAnswer(answer: string): void;
}) {
  return (
    <TextField
      label={question}
      value={answer}
      onChange={setAnswer}
      name="captcha"
      inputMode="numeric"
      autoComplete="off"
      hint={authUiTexts.captchaReason}
    />
  );
}

/** The local captcha: a short question answered inline before an emailed link goes out. */
function CaptchaField() {
  const { captcha } = useSusiFlow();
  if (!captcha.visible || !captcha.question) return null;
  return (
    <CaptchaQuestion question={captcha.question} answer={captcha.answer} setAnswer={captcha.setAnswer} />
  );
}

/** SIGNIN_OPTIONS and SIGNUP_OPTIONS. */
export function OptionsStep({ view }: { view: SusiState }) {
  const { options } = useSusiFlow();
  const login = view.operation === 'login';
  // The email button shows until the options say email sign-in is off (disable_login_email).
  const emailEnabled = options?.emailEnabled !== false;
  const providers = useProviders(
    options,
    login ? ['google', 'facebook', 'twitter', 'apple'] : ['facebook', 'google'],
  );
  return (
    <div className="q-susi-step">
      <Title>{login ? susiTexts.welcomeBack : susiTexts.createYourAccount}</Title>
      <div className="q-susi-buttons">
        {providers.map((provider) => (
          <a
            key={provider}
            className="q-button q-susi-provider"
            href={socialHref(provider, view.operation, view.redirect, view.entryPoint)}
          >
            {authUiTexts.providerButton(view.operation, susiProviderNames[provider])}
          </a>
        ))}
        {providers.length && emailEnabled ? (
          <p className="q-susi-divider">{login ? susiTexts.signInDivider : susiTexts.signUpDivider}</p>
        ) : null}
        {emailEnabled ? (
          <button type="button" className="q-button q-susi-provider" onClick={() => actions().chooseEmail()}>
            {login ? susiTexts.signInWithEmail : susiTexts.signUpWithEmail}
          </button>
        ) : null}
      </div>
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().toggleOperation()}>
          {login ? susiTexts.noAccountSignUp : susiTexts.haveAccountSignIn}
        </LinkButton>
      </p>
      {login ? (
        <p className="q-susi-links">
          <a href="/help">{susiTexts.getHelp}</a>
        </p>
      ) : null}
    </div>
  );
}

/** ENTER_EMAIL's title: expired link, passwords-enabled wording, a gated action, or the plain variants. */
function emailTitle(view: SusiState, passwords: boolean): string {
  if (view.entryPoint === EMAIL_LOGIN_TIMEOUT_ENTRY) {
    return passwords ? susiTexts.loginLinkExpired : susiTexts.linkExpiredTitle;
  }
  if (passwords && view.operation === 'login') return susiTexts.signInWithYourEmail;
  if (view.entryPoint) return susiTexts.joinOrSignIn;
  return view.operation === 'login' ? susiTexts.signInWithEmail : susiTexts.signUpWithEmail;
}

export function EmailStep({ view }: { view: SusiState }) {
  const flow = useSusiFlow();
  const passwords = !!flow.options?.enablePasswords;
  const [google] = useProviders(flow.options, ['google']);
  return (
    <div className="q-susi-step">
      <Title>{emailTitle(view, passwords)}</Title>
      {passwords ? <p className="q-susi-subtitle">{susiTexts.whatsYourEmail}</p> : null}
      <Form onSubmit={() => flow.submitEmail(view.email)}>
        <TextField
          label={authUiTexts.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          value={view.email}
          invalid={!!view.error}
          onChange={(email) => actions().setEmail(email)}
        />
        {google && looksLikeGmail(view.email) ? (
          <a
            className="q-button q-susi-provider q-susi-google-hint"
            href={socialHref(google, view.operation, view.redirect, view.entryPoint)}
          >
            {authUiTexts.continueWithGoogle}
          </a>
        ) : null}
        <CaptchaField />
        <FormError text={view.error} />
        <Submit label={susiTexts.continue} />
      </Form>
      <p className="q-susi-links">
        {view.operation === 'login' ? (
          <LinkButton onClick={() => actions().toggleOperation()}>{susiTexts.createOne}</LinkButton>
        ) : (
          <LinkButton onClick={() => actions().toggleOperation()}>{susiTexts.haveAccountSignIn}</LinkButton>
        )}
      </p>
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().showOptions()}>{susiTexts.seeAllSignInOptions}</LinkButton>
      </p>
    </div>
  );
}

export function UnrecognizedStep({ view }: { view: SusiState }) {
  return (
    <div className="q-susi-step">
      <Title>{susiTexts.unrecognizedEmail}</Title>
      <p className="q-susi-email">{view.email}</p>
      <p>
        <LinkButton onClick={() => actions().tryDifferentEmail()}>{susiTexts.differentEmail}</LinkButton>
      </p>
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().showOptions()}>{susiTexts.seeAllSignInOptions}</LinkButton>
        {' · '}
        <LinkButton onClick={() => actions().createNewAccount()}>{susiTexts.createNewAccount}</LinkButton>
      </p>
    </div>
  );
}

export function NameStep({ view }: { view: SusiState }) {
  const flow = useSusiFlow();
  return (
    <div className="q-susi-step">
      <Title>{susiTexts.createYourAccount}</Title>
      <p className="q-susi-subtitle">{susiTexts.whatsYourName}</p>
      <Form onSubmit={() => flow.submitName(view.fullName)}>
        <TextField
          label={susiTexts.fullName}
          name="name"
          autoComplete="name"
          value={view.fullName}
          invalid={!!view.error}
          onChange={(name) => actions().setFullName(name)}
        />
        <CaptchaField />
        <FormError text={view.error} />
        <Submit label={susiTexts.next} />
      </Form>
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().goBack()}>{susiTexts.goBack}</LinkButton>
      </p>
    </div>
  );
}

/** The frame both password steps share: title, the address, one password field, submit, Go back. */
function PasswordForm({
  view,
  title,
  submitLabel,
  newPassword,
  onSubmit,
  children,
}: {
  view: SusiState;
  title: string;
  submitLabel: string;
  /** Creating a password (new-password autocomplete and the hint) rather than entering one. */
  newPassword: boolean;
  onSubmit(password: string): void;
  /** Extra links and notes shown before Go back. */
  children?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  return (
    <div className="q-susi-step">
      <Title>{title}</Title>
      <p className="q-susi-email">{view.email}</p>
      <Form onSubmit={() => onSubmit(password)}>
        <input type="email" name="email" autoComplete="username" value={view.email} readOnly hidden />
        <TextField
          label={authUiTexts.passwordLabel}
          type="password"
          name="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          value={password}
          invalid={!!view.error}
          hint={newPassword ? authUiTexts.passwordHint : undefined}
          onChange={setPassword}
        />
        {newPassword ? null : <CaptchaField />}
        <FormError text={view.error} />
        <Submit label={submitLabel} lockedOut={view.lockedOut} />
      </Form>
      {children}
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().goBack()}>{susiTexts.goBack}</LinkButton>
      </p>
    </div>
  );
}

export function CreatePasswordStep({ view }: { view: SusiState }) {
  const flow = useSusiFlow();
  return (
    <PasswordForm
      view={view}
      title={susiTexts.createYourAccount}
      submitLabel={susiTexts.continue}
      newPassword
      onSubmit={(password) => flow.createAccount(password)}
    />
  );
}

export function PasswordStep({ view }: { view: SusiState }) {
  const flow = useSusiFlow();
  return (
    <PasswordForm
      view={view}
      title={susiTexts.enterYourPassword}
      submitLabel={susiTexts.signInWithPassword}
      newPassword={false}
      onSubmit={(password) => flow.loginWithPassword(password)}
    >
      <p className="q-susi-links">
        <LinkButton onClick={() => flow.sendLink()}>{authUiTexts.emailMeALink}</LinkButton>
        {' · '}
        <LinkButton onClick={() => flow.sendLink({ resetPasswordFlow: true })}>
          {authUiTexts.forgotPassword}
        </LinkButton>
      </p>
      <p className="q-susi-promo">{authUiTexts.passwordPromo}</p>
    </PasswordForm>
  );
}

const CODE_PROMPTS = {
  AUTH_APP: authUiTexts.codeFromAuthApp,
  SMS_TEXT: authUiTexts.codeFromSms,
  VOICE_CALL: authUiTexts.codeFromVoiceCall,
} as const;

export function TwoFactorCodeStep({ view }: { view: SusiState }) {
  const flow = useSusiFlow();
  return (
    <div className="q-susi-step">
      <Title>{authUiTexts.twoFactorTitle}</Title>
      <p className="q-susi-subtitle">{CODE_PROMPTS[view.twoFactorMethod ?? 'AUTH_APP']}</p>
      <CodeForm
        view={view}
        field={{
          label: authUiTexts.verificationCodeLabel,
          name: 'code',
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: TWO_FACTOR_CODE_LENGTH,
        }}
        submitLabel={susiTexts.next}
        onSubmit={(code) => flow.verifyTwoFactor(code)}
      />
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().toRecoveryCode()}>{authUiTexts.useRecoveryCode}</LinkButton>
      </p>
    </div>
  );
}

export function RecoveryCodeStep({ view }: { view: SusiState }) {
  const flow = useSusiFlow();
  return (
    <div className="q-susi-step">
      <Title>{susiTexts.recoveryCodeTitle}</Title>
      <CodeForm
        view={view}
        field={{
          label: authUiTexts.recoveryCodeLabel,
          name: 'recovery-code',
          autoComplete: 'off',
          maxLength: RECOVERY_CODE_LENGTH,
        }}
        submitLabel={susiTexts.next}
        onSubmit={(code) => flow.submitRecoveryCode(code)}
      />
      <p className="q-susi-links">
        {susiTexts.stillHavingTrouble} <a href="/help">{susiTexts.getHelp}</a>
      </p>
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().goBack()}>{susiTexts.goBack}</LinkButton>
      </p>
    </div>
  );
}

export function CheckInboxStep({ view }: { view: SusiState }) {
  const flow = useSusiFlow();
  return (
    <div className="q-susi-step">
      <Title>{susiTexts.checkYourInbox}</Title>
      {flow.isNarrow ? (
        <>
          <p className="q-susi-subtitle">{authUiTexts.codeSentTo(view.email)}</p>
          <CodeForm
            view={view}
            field={{
              label: authUiTexts.loginCodeLabel,
              name: 'login-code',
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: LOGIN_CODE_LENGTH,
            }}
            submitLabel={susiTexts.continue}
            onSubmit={(code) => flow.verifyLoginCode(code)}
          />
        </>
      ) : (
        <p className="q-susi-subtitle">{authUiTexts.linkSentTo(view.email)}</p>
      )}
      <p className="q-susi-links">
        <LinkButton onClick={() => actions().goBack()}>{susiTexts.goBack}</LinkButton>
      </p>
    </div>
  );
}

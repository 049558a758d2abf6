import { authErrors, EMAIL_LOGIN_TIMEOUT_ENTRY } from '@quire/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialSusiState, useSusiStore } from '../src/susi';

const store = () => useSusiStore.getState();

beforeEach(() => {
  useSusiStore.setState(useSusiStore.getInitialState(), true);
});

describe('opening (spec §2/§4)', () => {
  it('starts closed at SIGNIN_OPTIONS with operation login', () => {
    expect(store()).toMatchObject({ isOpen: false, step: 'SIGNIN_OPTIONS', operation: 'login' });
  });

  it('opens at the options of the operation by default', () => {
    store().open();
    expect(store()).toMatchObject({ isOpen: true, step: 'SIGNIN_OPTIONS', operation: 'login' });
    store().open(undefined, 'register');
    expect(store()).toMatchObject({ step: 'SIGNUP_OPTIONS', operation: 'register' });
  });

  it('opens at ENTER_EMAIL after an expired link', () => {
    store().open(undefined, 'login', EMAIL_LOGIN_TIMEOUT_ENTRY, { redirect: '/p/abc' });
    expect(store()).toMatchObject({
      step: 'ENTER_EMAIL',
      entryPoint: EMAIL_LOGIN_TIMEOUT_ENTRY,
      redirect: '/p/abc',
    });
  });

  it('opens with a known email and a pending second factor', () => {
    store().open('VERIFY_2FA_CODE', 'login', null, {
      email: 'ada@example.com',
      twoFactorToken: 'tok',
      twoFactorMethod: 'SMS_TEXT',
    });
    expect(store()).toMatchObject({
      step: 'VERIFY_2FA_CODE',
      email: 'ada@example.com',
      twoFactorToken: 'tok',
      twoFactorMethod: 'SMS_TEXT',
    });
  });

  it('initialSusiState matches what open() produces', () => {
    store().open('ENTER_EMAIL', 'register', 'follow', { redirect: '/x', embedded: true });
    const { isOpen, step, operation, entryPoint, redirect, embedded, email } = store();
    expect({ isOpen, step, operation, entryPoint, redirect, embedded, email }).toEqual({
      ...pick(initialSusiState('ENTER_EMAIL', 'register', 'follow', { redirect: '/x', embedded: true })),
    });
  });
});

function pick(s: ReturnType<typeof initialSusiState>) {
  const { isOpen, step, operation, entryPoint, redirect, embedded, email } = s;
  return { isOpen, step, operation, entryPoint, redirect, embedded, email };
}

describe('close()', () => {
  it('resets the modal and clears the email', () => {
    store().open(undefined, 'register');
    store().chooseEmail();
    store().setEmail('ada@example.com');
    store().fail('x', { lockedOut: true });
    store().close();
    expect(store()).toMatchObject({
      isOpen: false,
      step: 'SIGNIN_OPTIONS',
      operation: 'login',
      email: '',
      error: null,
      lockedOut: false,
    });
  });

  it('keeps the email when the modal is embedded', () => {
    store().open('ENTER_EMAIL', 'login', null, { embedded: true });
    store().setEmail('ada@example.com');
    store().toEnterPassword();
    store().close();
    expect(store()).toMatchObject({ isOpen: false, step: 'SIGNIN_OPTIONS', email: 'ada@example.com' });
  });

  it('reopening keeps an email that survived an embedded close', () => {
    store().open('ENTER_EMAIL', 'login', null, { embedded: true });
    store().setEmail('ada@example.com');
    store().close();
    store().open('ENTER_EMAIL');
    expect(store().email).toBe('ada@example.com');
  });
});

describe('toggleOperation()', () => {
  it('toggles SIGNIN_OPTIONS and SIGNUP_OPTIONS', () => {
    store().open();
    store().toggleOperation();
    expect(store()).toMatchObject({ step: 'SIGNUP_OPTIONS', operation: 'register' });
    store().toggleOperation();
    expect(store()).toMatchObject({ step: 'SIGNIN_OPTIONS', operation: 'login' });
  });

  it('stays at ENTER_EMAIL and clears the error', () => {
    store().open('ENTER_EMAIL');
    store().fail('bad');
    store().toggleOperation();
    expect(store()).toMatchObject({ step: 'ENTER_EMAIL', operation: 'register', error: null });
  });
});

describe('the email step (spec §4)', () => {
  beforeEach(() => {
    store().open();
    store().chooseEmail();
    store().setEmail('ada@example.com');
  });

  it('options lead to ENTER_EMAIL', () => {
    expect(store().step).toBe('ENTER_EMAIL');
  });

  it('an unknown email on login goes to UNRECOGNIZED_EMAIL', () => {
    expect(store().submitEmail('NOT_FOUND')).toBeNull();
    expect(store().step).toBe('UNRECOGNIZED_EMAIL');
  });

  it('an unknown email on register goes to ENTER_NAME, then CREATE_PASSWORD', () => {
    store().toggleOperation();
    expect(store().submitEmail('NOT_FOUND')).toBeNull();
    expect(store()).toMatchObject({ step: 'ENTER_NAME', operation: 'register' });
    store().setFullName('Ada Lovelace');
    store().toCreatePassword();
    expect(store()).toMatchObject({ step: 'CREATE_PASSWORD', fullName: 'Ada Lovelace' });
    store().goBack();
    expect(store().step).toBe('ENTER_NAME');
  });

  it('a magic-link preference asks for the link to be sent', () => {
    expect(store().submitEmail('PREFERS_MAGIC_LINK')).toBe('SEND_LINK');
    expect(store().step).toBe('ENTER_EMAIL');
  });

  it('otherwise goes to ENTER_PASSWORD', () => {
    expect(store().submitEmail('PREFERS_PASSWORD')).toBeNull();
    expect(store().step).toBe('ENTER_PASSWORD');
  });

  it('with passwords disabled, login sends the link and register asks the name first', () => {
    expect(store().submitEmail('PASSWORDS_DISABLED')).toBe('SEND_LINK');
    store().toggleOperation();
    expect(store().submitEmail('PASSWORDS_DISABLED')).toBeNull();
    expect(store().step).toBe('ENTER_NAME');
  });

  it('keeps the email through the flow', () => {
    store().submitEmail('PREFERS_PASSWORD');
    expect(store().email).toBe('ada@example.com');
  });
});

describe('sending the link (spec §4, §8 Link send)', () => {
  beforeEach(() => {
    store().open('ENTER_EMAIL');
  });

  it('a successful send leads to CHECK_YOUR_INBOX', () => {
    store().requireCaptcha();
    expect(store().applySendResult({ __typename: 'SusiMethod' })).toBeNull();
    expect(store()).toMatchObject({ step: 'CHECK_YOUR_INBOX', captchaRequired: false, error: null });
  });

  it("'User does not exist' leads to UNRECOGNIZED_EMAIL", () => {
    store().applySendResult({ __typename: 'NotFound', message: 'User does not exist' });
    expect(store().step).toBe('UNRECOGNIZED_EMAIL');
  });

  it("'Show password signup' asks for the password-creation page", () => {
    expect(store().applySendResult({ __typename: 'BadRequest', message: 'Show password signup' })).toBe(
      'PASSWORD_SIGNUP',
    );
  });

  it('a captcha failure shows the server message and asks again', () => {
    store().applySendResult({ __typename: 'FailedChallenge', message: 'Wrong answer.' });
    expect(store()).toMatchObject({ step: 'ENTER_EMAIL', error: 'Wrong answer.', captchaRequired: true });
  });

  it("any other failure shows 'Please try again.'", () => {
    store().applySendResult({ __typename: 'BadRequest', message: 'Something' });
    expect(store().error).toBe('Please try again.');
  });
});

describe('unrecognized email (spec §4)', () => {
  beforeEach(() => {
    store().open('ENTER_EMAIL');
    store().toUnrecognized();
  });

  it('can try another email', () => {
    store().tryDifferentEmail();
    expect(store()).toMatchObject({ step: 'ENTER_EMAIL', operation: 'login' });
  });

  it("'create a new account' goes to register ENTER_EMAIL", () => {
    store().createNewAccount();
    expect(store()).toMatchObject({ step: 'ENTER_EMAIL', operation: 'register' });
  });

  it("'See all sign in options' goes back to the options", () => {
    store().showOptions();
    expect(store().step).toBe('SIGNIN_OPTIONS');
  });
});

describe('password login (spec §4, §8 Login)', () => {
  beforeEach(() => {
    store().open('ENTER_EMAIL');
    store().toEnterPassword();
  });

  it('an AuthToken result goes to VERIFY_2FA_CODE with the token kept', () => {
    store().toVerify2fa('tok', 'AUTH_APP');
    expect(store()).toMatchObject({
      step: 'VERIFY_2FA_CODE',
      twoFactorToken: 'tok',
      twoFactorMethod: 'AUTH_APP',
    });
    store().toRecoveryCode();
    expect(store()).toMatchObject({ step: 'ENTER_RECOVERY_CODE', twoFactorToken: 'tok' });
    store().goBack();
    expect(store().step).toBe('VERIFY_2FA_CODE');
  });

  it('a wrong password shows the server message and shakes, without locking', () => {
    const message = authErrors.invalidPassword(1);
    store().loginFailed({ __typename: 'InvalidPassword', message });
    expect(store()).toMatchObject({ error: message, shakeCount: 1, lockedOut: false });
    store().loginFailed({ __typename: 'InvalidPassword', message });
    expect(store().shakeCount).toBe(2);
  });

  it('lockout results lock the form', () => {
    for (const __typename of [
      'PasswordSoftLockout',
      'PasswordPermanentLockout',
      'IpAuthLockout',
      'TwoFactorAuthSoftLockout',
      'TwoFactorAuthPermanentLockout',
    ]) {
      useSusiStore.setState({ lockedOut: false });
      store().loginFailed({ __typename, message: 'locked' });
      expect(store()).toMatchObject({ error: 'locked', lockedOut: true });
    }
  });

  it('NotFound maps to the §8 texts', () => {
    store().loginFailed({ __typename: 'NotFound', message: 'No such recovery code' });
    expect(store().error).toBe('Invalid recovery code.');
    store().loginFailed({ __typename: 'NotFound', message: 'No user' });
    expect(store().error).toBe('That password was incorrect.');
  });

  it("unknown failures show 'Please try again.'", () => {
    store().loginFailed({ __typename: 'Whatever', message: 'internal' });
    expect(store()).toMatchObject({ error: 'Please try again.', lockedOut: false });
  });

  it('changing step clears the error and the lockout', () => {
    store().loginFailed({ __typename: 'PasswordSoftLockout', message: 'locked' });
    store().goBack();
    expect(store()).toMatchObject({ step: 'ENTER_EMAIL', error: null, lockedOut: false });
  });
});

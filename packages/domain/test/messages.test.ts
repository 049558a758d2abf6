import { describe, expect, it } from 'vitest';
import {
  accountLockoutMessage,
  accountMenuTexts,
  authErrors,
  dialogTexts,
  draftLabelTexts,
  errorPageTexts,
  firstUseTooltip,
  generalTexts,
  loginNotFoundMessage,
  minutesUntil,
  notificationTexts,
  PRIVACY_BANNER_TEMPLATE,
  PRODUCT_NAME,
  privacyBannerText,
  routeErrors,
  searchTexts,
  socialErrors,
  susiTexts,
  taxBannerTexts,
  toastTexts,
  validationMessages,
} from '../src/messages';

describe('product name', () => {
  it('is Quire', () => {
    expect(PRODUCT_NAME).toBe('Quire');
  });
});

describe('apostrophes', () => {
  it('AlreadyExists uses the curly apostrophe, the others straight ones', () => {
    expect(authErrors.alreadyExists).toBe('You’ve already created an account with this service.');
    expect(susiTexts.noAccountSignUp).toBe("Don't have an account? Sign up");
    expect(susiTexts.whatsYourEmail).toBe("What's your email?");
    expect(notificationTexts.allCaughtUp).toBe("You're all caught up.");
    expect(toastTexts.unfollowed('Ada')).toBe("You've unfollowed Ada.");
  });
});

describe('§2 texts', () => {
  it('sign-in modal', () => {
    expect(susiTexts.welcomeBack).toBe('Welcome Back');
    expect(susiTexts.signInDivider).toBe('Or, Sign in with');
    expect(susiTexts.unrecognizedEmail).toBe("Sorry, we didn't recognize that email.");
    expect(susiTexts.checkYourInbox).toBe('Check your inbox.');
    expect(susiTexts.recoveryCodeTitle).toBe('Two factor recovery code');
    expect(susiTexts.linkExpiredTitle).toBe('Your sign in/up link has expired');
  });

  it('error pages', () => {
    expect(errorPageTexts.serverError).toBe('Apologies, but something went wrong on our end.');
    expect(errorPageTexts.genericTitle).toBe('Error');
    expect(errorPageTexts.genericMessage).toBe(
      "We're sorry, but there was a problem displaying this page. Please reload and try again.",
    );
    expect(errorPageTexts.conflictMarker).toBe('409: Conflict');
    expect(errorPageTexts.notFoundTitle).toBe('Page not found');
    expect(errorPageTexts.notFoundMessage.length).toBeGreaterThan(10);
  });

  it('menus, search, tooltip', () => {
    expect(accountMenuTexts.memberSince('March 2021')).toBe('Member since March 2021');
    expect(accountMenuTexts.applyToPartnerProgram).toBe('Apply to the Partner Program');
    expect(searchTexts.searchAll()).toBe('Search all of Quire');
    expect(searchTexts.searchAll('X')).toBe('Search all of X');
    expect(firstUseTooltip.dismiss).toBe('Okay, got it');
    // The spec's tooltip names Medium as the product; Quire names itself.
    expect(firstUseTooltip.text()).toBe(
      'New: Navigate Quire from the top of the page, and focus more on reading as you scroll.',
    );
    expect(firstUseTooltip.text()).not.toContain('Medium');
    expect(dialogTexts.desktopOnlyBody).toBe(
      'To design your profile, view this page from a desktop web browser.',
    );
    expect(routeErrors.routeNotFound('ShowFoo')).toBe('Route with name ShowFoo does not exist');
  });
});

describe('§5 validation messages', () => {
  it('are exact', () => {
    expect(validationMessages.invalidEmail).toBe('Please enter a valid email address.');
    expect(validationMessages.passwordTooShort).toBe('Your password must be 8 characters or more.');
    expect(validationMessages.nameRequired).toBe('Please enter your name');
    expect(validationMessages.invalidLoginCode).toBe('Login code must be 6 digits.');
    expect(validationMessages.invalidVerificationCode).toBe('Please enter a valid verification code.');
    expect(validationMessages.invalidPhone).toBe('Please enter a valid phone number.');
    expect(validationMessages.closedDiscussion('list')).toBe(
      'The author has closed discussion for this list. We are unable to save changes to your response.',
    );
  });
});

describe('§8 auth errors', () => {
  it('InvalidPassword: N is 6 minus failCount', () => {
    expect(authErrors.invalidPassword(1)).toBe(
      'That password was incorrect. You have 5 more attempts before your account is locked for 1 minute.',
    );
    expect(authErrors.invalidPassword(0)).toContain('You have 6 more attempts');
    expect(authErrors.invalidPassword(9)).toContain('You have 0 more attempts');
  });

  it('InvalidTwoFactorAuthCode uses the words verification code', () => {
    expect(authErrors.invalidTwoFactorAuthCode(2)).toBe(
      'That verification code was incorrect. You have 4 more attempts before your account is locked for 1 minute.',
    );
  });

  it('soft lockouts round minutes up', () => {
    const now = Date.UTC(2024, 0, 1, 12, 0, 0);
    expect(authErrors.passwordSoftLockout(now + 61_000, now)).toBe(
      'Due to too many password attempts, your account is locked for 2 minutes.',
    );
    expect(authErrors.passwordSoftLockout(new Date(now + 60_000), new Date(now))).toBe(
      'Due to too many password attempts, your account is locked for 1 minutes.',
    );
    expect(authErrors.twoFactorAuthSoftLockout(new Date(now + 150_000).toISOString(), now)).toBe(
      'You reached your maximum number of attempts. Your account will be locked for 3 minutes.',
    );
    expect(minutesUntil(now - 1, now)).toBe(1);
  });

  it('IP lockout and permanent lockouts', () => {
    expect(authErrors.ipAuthLockout(3)).toBe(
      'For security reasons, you cannot sign in from this network for 3 days.',
    );
    expect(authErrors.passwordPermanentLockout).toBe(
      'Due to security reasons, you can no longer sign in with password. Recover your password by requesting a magic link below.',
    );
    expect(authErrors.twoFactorAuthPermanentLockout).toBe(
      'Your account has been locked, because you have attempted to enter a verification code too many times.',
    );
  });

  it('NotFound maps by the recovery code marker', () => {
    expect(loginNotFoundMessage('Unknown recovery code')).toBe('Invalid recovery code.');
    expect(loginNotFoundMessage('User not found')).toBe('That password was incorrect.');
  });

  it('account creation and password update', () => {
    expect(authErrors.accountForbidden).toBe(
      'This email address was used too many times. Please try another.',
    );
    expect(authErrors.userCreationRateLimited).toBe(
      'Too many accounts created from this IP address. Please try again later.',
    );
    expect(authErrors.currentPasswordRequired).toBe('Please enter your current password.');
    expect(authErrors.passwordResetLinkExpired).toBe('The password reset link has expired.');
    expect(authErrors.tryAgain).toBe('Please try again.');
  });
});

describe('§8 social, general, toasts', () => {
  it('social', () => {
    expect(socialErrors.cannotFollowSelf()).toBe('You cannot follow yourself on Quire.');
    expect(socialErrors.alreadyFollowing('Ada')).toBe("You're already following Ada on Quire.");
    expect(socialErrors.followFailed).toBe(
      "Sorry, that didn't work. Click Follow on the page below to try again.",
    );
  });

  it('general', () => {
    expect(generalTexts.errorOccured).toBe('An error occured.');
    expect(generalTexts.verificationEmailSent('a@b.co')).toBe(
      'A verification email has been sent to a@b.co.',
    );
  });

  it('toasts', () => {
    expect(toastTexts.nowFollowing('Ada')).toBe("You're now following Ada");
    expect(toastTexts.muted('Ada')).toBe('Ada has been muted. You will no longer see their stories.');
    expect(toastTexts.unmuted('Ada')).toBe('Ada has been unmuted.');
    expect(toastTexts.movedToTrash('My story')).toBe(
      "My story moved to Trash. After 14 days, it'll be permanently deleted.",
    );
    expect(toastTexts.movedToTab('My story', 'Drafts')).toBe('My story moved to Drafts.');
    expect(toastTexts.responseHidden('list')).toBe('Response has been hidden from this list.');
    expect(toastTexts.subscriptionPromotions(true)).toBe('Your subscription promotions are now enabled.');
    expect(toastTexts.subscriptionPromotions(false)).toBe('Your subscription promotions are now disabled.');
  });

  it('privacy banner', () => {
    expect(privacyBannerText()).toBe(
      'To make Quire work, we log user data. By using Quire, you agree to our Privacy Policy, including cookie policy.',
    );
    expect(privacyBannerText('{product}')).toBe(PRIVACY_BANNER_TEMPLATE);
  });
});

describe('§4 label and banner texts', () => {
  it('draft labels', () => {
    expect(draftLabelTexts.draftIn('Pub')).toBe('Draft in Pub');
    expect(draftLabelTexts.draftSubmittedTo('Pub')).toBe('Draft submitted to Pub');
    expect(draftLabelTexts.submittedTo('Pub')).toBe('Submitted to Pub');
  });

  it('tax banner', () => {
    expect(taxBannerTexts.approvedBy('May 1, 2024')).toBe(
      'Your tax forms must be approved by May 1, 2024 for us to pay you',
    );
    expect(taxBannerTexts.inReview).toBe(
      'Your tax forms are in. Please wait 3 to 5 business days for them to be reviewed.',
    );
  });
});

describe('§8 account lockout toast', () => {
  const now = Date.parse('2024-01-01T00:00:00Z');
  it('builds the message from the error type, failCount and lockedOutUntil', () => {
    expect(accountLockoutMessage('TwoFactorAuthSoftLockout', 6, '2024-01-01T00:02:30Z', now)).toBe(
      'You reached your maximum number of attempts. Your account will be locked for 3 minutes.',
    );
    expect(accountLockoutMessage('PasswordSoftLockout', 6, '2024-01-01T00:01:00Z', now)).toBe(
      'Due to too many password attempts, your account is locked for 1 minutes.',
    );
    expect(accountLockoutMessage('InvalidPassword', 2, null, now)).toBe(authErrors.invalidPassword(2));
    expect(accountLockoutMessage('TwoFactorAuthPermanentLockout', 0, null, now)).toBe(
      authErrors.twoFactorAuthPermanentLockout,
    );
    expect(accountLockoutMessage('Unknown', 0, null, now)).toBeNull();
  });
});

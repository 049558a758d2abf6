/**
 * Every quoted text of the spec, character for character, grouped by area. Plain strings are verbatim spec
 * text (placeholders such as {name} kept as the spec writes them); functions fill the placeholders.
 * Apostrophes are exactly as the spec has them: straight ' everywhere except AlreadyExists, which uses ’.
 * The few texts not taken from the spec are marked "not from the spec".
 */

import { FREE_STORIES_PER_MONTH, MAX_AUTH_ATTEMPTS, TRASH_RETENTION_DAYS } from './constants';

/** The product name ({product} in the spec). */
export const PRODUCT_NAME = 'Quire';

/** A point in time as a Date, epoch milliseconds or an ISO string. */
export type Instant = Date | number | string;

const toMs = (t: Instant): number =>
  t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t);

/** Spec §8: whole minutes from `now` until `until`, rounded up, at least 1. */
export function minutesUntil(until: Instant, now: Instant): number {
  const ms = toMs(until) - toMs(now);
  return Number.isFinite(ms) ? Math.max(1, Math.ceil(ms / 60_000)) : 1;
}

// ---------------------------------------------------------------------------------------------------------
// §2 Top bar, footer, first-use tooltip
// ---------------------------------------------------------------------------------------------------------

/** Spec §2 Top bar and §1 membership prompts. */
export const topBarTexts = {
  write: 'Write',
  signUp: 'Sign up',
  signIn: 'Sign In',
  openInApp: 'Open in app',
  becomeAMember: 'Become a member',
  upgrade: 'Upgrade',
  resumeMembership: 'Resume Membership',
  getUnlimitedAccess: 'Get unlimited access',
} as const;

/** Spec §2 footer links (and the minimal sign-up footer). */
export const footerTexts = {
  help: 'Help',
  status: 'Status',
  writers: 'Writers',
  blog: 'Blog',
  careers: 'Careers',
  privacy: 'Privacy',
  terms: 'Terms',
  about: 'About',
  textToSpeech: 'Text to speech',
} as const;

/** Not from the spec (§2 says only "app-store badges"): the badges' labels on the minimal sign-up footer. */
export const appStoreBadgeTexts = {
  appStore: 'Download on the App Store',
  googlePlay: 'Get it on Google Play',
} as const;

/** Spec §2: first-use tooltip on the logo, with the product's own name where the spec names Medium. */
export const firstUseTooltip = {
  text: (product: string = PRODUCT_NAME) =>
    `New: Navigate ${product} from the top of the page, and focus more on reading as you scroll.`,
  dismiss: 'Okay, got it',
} as const;

// ---------------------------------------------------------------------------------------------------------
// §2 Account menu, post/publication/profile menus
// ---------------------------------------------------------------------------------------------------------

/** Spec §2 Account menu, in order, plus the member line and greetings. */
export const accountMenuTexts = {
  member: 'Member',
  writeAStory: 'Write a story',
  stories: 'Stories',
  series: 'Series',
  stats: 'Stats',
  designYourProfile: 'Design your profile',
  settings: 'Settings',
  lists: 'Lists',
  publications: 'Publications',
  managePublications: 'Manage publications',
  controlYourRecommendations: 'Control your recommendations',
  refineRecommendations: 'Refine recommendations',
  partnerProgram: 'Partner Program',
  applyToPartnerProgram: 'Apply to the Partner Program',
  giftAMembership: 'Gift a membership',
  becomeAMember: 'Become a member',
  profile: 'Profile',
  help: 'Help',
  signOut: 'Sign out',
  privacy: 'Privacy',
  terms: 'Terms',
  memberSinceTemplate: 'Member since {month year}',
  /** §2: 'Member since {month year}' with an already formatted month and year. */
  memberSince: (monthYear: string) => `Member since ${monthYear}`,
  seeAllPublications: 'See all publications',
  /** Not from the spec (§2 only says morning / afternoon / evening); wording given by the brief. */
  greetings: { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' },
} as const;

/** Spec §2 Post management menu for an author. */
export const postMenuTexts = {
  editStory: 'Edit story',
  storySettings: 'Story settings',
  viewStats: 'View stats',
  shareFriendLink: 'Share Friend Link',
  cancel: 'Cancel',
} as const;

/** Spec §2 Publication and profile menus, §8 menu labels. */
export const profileMenuTexts = {
  stories: 'Stories',
  viewStats: 'View Stats',
  designYourPublication: 'Design your publication',
  newsletter: 'Newsletter',
  settings: 'Settings',
  writeAStory: 'Write a story',
  followers: 'Followers',
  navigation: 'Navigation',
  featurePages: 'Feature pages',
  aboutTemplate: 'About {publication}',
  /** §2: 'About {publication}' for non-editors. */
  about: (publication: string) => `About ${publication}`,
  designYourProfile: 'Design your profile',
  blockAuthor: 'Block this author',
  unblockAuthor: 'Unblock this author',
  reportAuthor: 'Report this author',
} as const;

/** Spec §4 Follow/unfollow button labels. */
export const followButtonTexts = { follow: 'Follow', following: 'Following' } as const;

/**
 * Not from the spec: the save (bookmark) button and the reading list's name (spec §3 names the
 * READING_LIST predefined list, not its wording).
 */
export const bookmarkTexts = {
  save: 'Save',
  saved: 'Saved',
  readingList: 'Reading list',
  yourLists: 'Your lists',
  readingListEmpty: 'Stories you save appear here.',
  savedToast: 'Saved to your reading list.',
  removedToast: 'Removed from your reading list.',
} as const;

/**
 * Not from the spec: the responses section under a story (spec §1 names responding; §5 and §8 give the
 * closed-discussion and published-as-story texts, in validationMessages and toastTexts).
 */
export const responseTexts = {
  heading: 'Responses',
  placeholder: 'What are your thoughts?',
  respond: 'Respond',
  signUpToRespond: 'Sign up to respond',
  empty: 'Write something to respond.',
  none: 'No responses yet.',
  hide: 'Hide',
  notFound: 'This response does not exist.',
  onlyAuthorHides: 'Only the story’s author can hide its responses.',
  /** Not from the spec (§5 gives the refusal; closing and reopening are the writer's, worded here). */
  onlyAuthorCloses: 'Only the story’s author can close or reopen its discussion.',
  closeDiscussion: 'Close discussion',
  reopenDiscussion: 'Reopen discussion',
  discussionClosed: 'The author has closed discussion for this story.',
  listDiscussionClosed: 'The author has closed discussion for this list.',
  discussionClosedToast: 'Discussion closed. Readers can no longer respond to this story.',
  discussionReopenedToast: 'Discussion reopened.',
  /** Not from the spec (§9 gives the depth limit, 3, without wording). */
  tooDeep: (limit: number) => `Replies go at most ${limit} levels deep: reply to the response above instead.`,
  reply: 'Reply',
  replyPlaceholder: 'Write a reply',
  cancel: 'Cancel',
  replies: (n: number) => `${n} ${n === 1 ? 'reply' : 'replies'}`,
  hideReplies: 'Hide replies',
  /** Spec §3 'ResponseSortType values are not shown': ours. */
  sortLabel: 'Sort responses',
  sortMostRelevant: 'Most relevant',
  sortNewest: 'Most recent',
  /** The heading of `/p/{postId}/responses`. */
  pageTitle: (title: string) => `Responses to ${title}`,
  backToStory: 'Back to the story',
} as const;

/**
 * Not from the spec: the clap button (spec §1 names claps, §3 the counts, but no wording) and its refusals.
 */
export const clapTexts = {
  clap: 'Clap',
  undo: 'Undo claps',
  claps: (n: number) => `${n} ${n === 1 ? 'clap' : 'claps'}`,
  yours: (n: number) => `(${n} yours)`,
  ownStory: 'You cannot clap for your own story.',
  unknownTarget: 'Only stories and lists can be clapped for.',
  /** `/p/{postId}/upvotes` (spec §2 names the path only). */
  upvotesTitle: (title: string) => `Claps for ${title}`,
  fromPeople: (claps: number, people: number) =>
    `${claps} ${claps === 1 ? 'clap' : 'claps'} from ${people} ${people === 1 ? 'person' : 'people'}`,
  noClaps: 'No claps yet.',
  clappers: 'People who clapped',
} as const;

/**
 * Not from the spec: the publication and profile menus' other-viewer items, dialog buttons and refusals
 * where spec §2/§4/§8 name an action (copy link, mute, block, report) without giving its wording.
 */
export const socialMenuTexts = {
  moreOptions: 'More options',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  unfollow: 'Unfollow',
  muteAuthor: 'Mute this author',
  unmuteAuthor: 'Unmute this author',
  mutePublication: 'Mute this publication',
  unmutePublication: 'Unmute this publication',
  reportPublication: 'Report this publication',
  reportPublicationTitle: 'Report this publication?',
  reportPublicationBody: 'This will flag this publication for review with our support team.',
  reportedPublication: 'Successfully reported publication.',
  alsoBlock: 'Also block this author',
  block: 'Block',
  cannotMuteSelf: 'You cannot mute yourself.',
  cannotBlockSelf: 'You cannot block yourself.',
  cannotReportSelf: 'You cannot report yourself.',
  profileNotFound: 'This profile does not exist.',
  publicationNotFound: 'This publication does not exist.',
  otherUsersAction: 'You can only do this as yourself.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// §2 Notifications, predictive search
// ---------------------------------------------------------------------------------------------------------

/** Spec §2 Notifications popover. */
export const notificationTexts = {
  tabAll: 'All',
  tabResponses: 'Responses',
  followsDialogTitle: 'Follows',
  olderNotifications: 'Older notifications',
  allCaughtUp: "You're all caught up.",
  yourStats: 'Your stats',
  deletedUser: 'Deleted user',
} as const;

/** Spec §2 Predictive search. */
export const searchTexts = {
  people: 'People',
  publications: 'Publications',
  tags: 'Tags',
  more: 'More',
  fromThisPublication: 'From this Publication',
  fromThisProfile: 'From this Profile',
  searchAllTemplate: 'Search all of {product}',
  /** §2: last row of a scoped search, 'Search all of {product}'. */
  searchAll: (product: string = PRODUCT_NAME) => `Search all of ${product}`,
} as const;

// ---------------------------------------------------------------------------------------------------------
// §2 Sign-in and sign-up modal, two-factor setup
// ---------------------------------------------------------------------------------------------------------

/** Spec §2 Sign-in and sign-up modal (titles, labels, links), Google one-tap. */
export const susiTexts = {
  // SIGNIN_OPTIONS
  welcomeBack: 'Welcome Back',
  signInDivider: 'Or, Sign in with',
  noAccountSignUp: "Don't have an account? Sign up",
  createOne: 'Create one',
  getHelp: 'Get help',
  // SIGNUP_OPTIONS
  signUpDivider: 'Or, Sign up with',
  haveAccountSignIn: 'Already have an account? Sign in',
  // ENTER_EMAIL
  signInWithEmail: 'Sign in with email',
  signUpWithEmail: 'Sign up with email',
  joinOrSignIn: 'Join the product or sign in',
  signInWithYourEmail: 'Sign in with your email',
  whatsYourEmail: "What's your email?",
  linkExpiredTitle: 'Your sign in/up link has expired',
  loginLinkExpired: 'Your login link has expired.',
  continue: 'Continue',
  next: 'Next',
  // UNRECOGNIZED_EMAIL
  unrecognizedEmail: "Sorry, we didn't recognize that email.",
  differentEmail: 'Would you like to sign in with a different email?',
  seeAllSignInOptions: 'See all sign in options',
  createNewAccount: 'create a new account',
  // CHECK_YOUR_INBOX
  checkYourInbox: 'Check your inbox.',
  // ENTER_NAME
  createYourAccount: 'Create your account',
  whatsYourName: "What's your name?",
  fullName: 'Full name',
  goBack: 'Go back',
  // ENTER_PASSWORD
  enterYourPassword: 'Enter your password.',
  signInWithPassword: 'Sign in with password',
  // ENTER_RECOVERY_CODE
  recoveryCodeTitle: 'Two factor recovery code',
  stillHavingTrouble: 'Still having trouble?',
  // Google one-tap
  continueToProduct: 'Continue to the product',
  oneTapSignUp: 'Sign up',
  oneTapSignIn: 'Sign in',
  // Two-factor setup
  cancel: 'Cancel',
} as const;

/** Spec §2 sign-in options: the providers' names as the spec writes them. */
export const susiProviderNames = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  apple: 'Apple',
} as const;

/**
 * Not from the spec: labels, hints and titles the sign-in modal, the two-factor setup and the password page
 * need where the spec names a screen or field without giving its wording. Kept short and plain.
 */
export const authUiTexts = {
  close: 'Close',
  emailLabel: 'Your email',
  passwordLabel: 'Password',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  passwordHint: 'Avoid sequences such as 123, repeated letters and common phrases.',
  passwordPromo: 'You can set or change your password at any time in your account settings.',
  emailMeALink: 'Email me a sign-in link instead',
  forgotPassword: 'Forgot password?',
  twoFactorTitle: 'Two-factor authentication',
  verificationCodeLabel: 'Verification code',
  codeFromAuthApp: 'Enter the code from your authenticator app.',
  codeFromSms: 'Enter the code we sent to your phone by text message.',
  codeFromVoiceCall: 'Enter the code we read to you by phone.',
  useRecoveryCode: 'Use a recovery code',
  recoveryCodeLabel: 'Recovery code',
  loginCodeLabel: 'Login code',
  /** CHECK_YOUR_INBOX body: where the link went. */
  linkSentTo: (email: string) => `We sent a sign-in link to ${email}.`,
  /** CHECK_YOUR_INBOX on narrow screens: the 6-digit code entry. */
  codeSentTo: (email: string) => `Enter the 6-digit code we sent to ${email}.`,
  continueWithGoogle: 'Continue with Google',
  /** Sign-in and sign-up option buttons, e.g. 'Sign in with Google'. */
  providerButton: (operation: 'login' | 'register', provider: string) =>
    `${operation === 'register' ? 'Sign up' : 'Sign in'} with ${provider}`,
  chooseMethod: 'How would you like to get your verification codes?',
  methodAuthApp: 'Authenticator app',
  methodSmsText: 'Text message',
  methodVoiceCall: 'Voice call',
  countryLabel: 'Country',
  phoneLabel: 'Phone number',
  authAppInstructions: 'Add this account to your authenticator app with the link or the key below.',
  openInAuthenticator: 'Open in authenticator app',
  secretKeyLabel: 'Key',
  backupCodesTitle: 'Backup codes',
  backupCodesHelp: 'Keep these codes somewhere safe. Each one signs you in once if you lose your phone.',
  generateBackupCodes: 'Generate backup codes',
  done: 'Done',
  setNewPasswordTitle: 'Set a new password',
  changePasswordTitle: 'Change your password',
  savePassword: 'Save password',
  /** Under the local captcha question: why it is asked. */
  captchaReason: 'We ask this to protect accounts from automated sign-ups.',
} as const;

/** Spec §4 sign-in flow: server messages the modal reacts to. */
export const susiServerMessages = {
  userDoesNotExist: 'User does not exist',
  showPasswordSignup: 'Show password signup',
} as const;

// ---------------------------------------------------------------------------------------------------------
// §2 Error pages
// ---------------------------------------------------------------------------------------------------------

/** Spec §2 Error page 500 and generic error page (plus a 404 page not from the spec). */
export const errorPageTexts = {
  serverErrorCode: '500',
  serverError: 'Apologies, but something went wrong on our end.',
  /** A 500 page whose message contains this marker gets status 409. */
  conflictMarker: '409: Conflict',
  genericTitle: 'Error',
  genericMessage: "We're sorry, but there was a problem displaying this page. Please reload and try again.",
  // Not from the spec: the spec has no 404 page; this wording is our own.
  notFoundCode: '404',
  notFoundTitle: 'Page not found',
  notFoundMessage: 'The page you are looking for does not exist or has been moved.',
} as const;

/** Spec §2 URL building and route registration errors. */
export const routeErrors = {
  missingParams: 'One or more required param(s) not provided',
  routeNotFoundTemplate: 'Route with name X does not exist',
  /** §2: 'Route with name X does not exist'. */
  routeNotFound: (name: string) => `Route with name ${name} does not exist`,
  cannotAddRoute: 'Cannot add route',
} as const;

/** Spec §4 edge cache and §8 silent failures: texts that are logged or attached as reasons. */
export const logTexts = {
  draftPost: 'This is a draft post',
  noXsrfToken: 'No xsrf token found.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// §5 Validation
// ---------------------------------------------------------------------------------------------------------

/** Spec §5 validation messages. */
export const validationMessages = {
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Your password must be 8 characters or more.',
  nameRequired: 'Please enter your name',
  invalidLoginCode: 'Login code must be 6 digits.',
  invalidVerificationCode: 'Please enter a valid verification code.',
  invalidPhone: 'Please enter a valid phone number.',
  cannotFollowSelf: 'You cannot follow yourself',
  invalidColor: 'Invalid color string',
  unrecognizedColor: 'Unrecognized or invalid color string',
  closedDiscussionTemplate:
    'The author has closed discussion for this {list|story}. We are unable to save changes to your response.',
  /** §5: response to a story or list whose author closed discussion. */
  closedDiscussion: (kind: 'list' | 'story') =>
    `The author has closed discussion for this ${kind}. We are unable to save changes to your response.`,
  unstandardizedUpsellSource: 'Unstandardized upsell source',
  upsellSourceWithoutLocation: 'Upsell source without source location.',
} as const;

/**
 * Not from the spec: refusals of input no form produces (a NUL character, broken Unicode, a malformed % escape
 * in an address), which the database could not store or read.
 */
export const inputTexts = {
  invalidCharacters:
    'This text contains characters that are not allowed (a NUL character or broken Unicode).',
  invalidAddress:
    'This address contains characters that are not allowed (a NUL character, broken Unicode or a malformed % escape).',
} as const;

// ---------------------------------------------------------------------------------------------------------
// §8 Error catalogue
// ---------------------------------------------------------------------------------------------------------

/** Spec §8 Account creation, Password update, Login, Login code, Two-factor. */
export const authErrors = {
  // Account creation (CreateAccount)
  accountForbidden: 'This email address was used too many times. Please try another.',
  alreadyExists: 'You’ve already created an account with this service.',
  userCreationRateLimited: 'Too many accounts created from this IP address. Please try again later.',
  // Password update (CrupdatePassword)
  currentPasswordRequired: 'Please enter your current password.',
  invalidTokenMarker: 'Invalid token',
  passwordResetLinkExpired: 'The password reset link has expired.',
  requestNewLink: 'Request a new link from the settings page',
  // Login (LoginUser)
  invalidPasswordTemplate:
    'That password was incorrect. You have N more attempts before your account is locked for 1 minute.',
  /** §8 InvalidPassword: N is 6 minus failCount (never below 0). */
  invalidPassword: (failCount: number) =>
    `That password was incorrect. You have ${attemptsLeft(failCount)} more attempts before your account is locked for 1 minute.`,
  passwordSoftLockoutTemplate: 'Due to too many password attempts, your account is locked for N minutes.',
  /** §8 PasswordSoftLockout: N is the minutes until lockedOutUntil, rounded up. */
  passwordSoftLockout: (lockedOutUntil: Instant, now: Instant) =>
    `Due to too many password attempts, your account is locked for ${minutesUntil(lockedOutUntil, now)} minutes.`,
  passwordPermanentLockout:
    'Due to security reasons, you can no longer sign in with password. Recover your password by requesting a magic link below.',
  /** §8 InvalidTwoFactorAuthCode: the InvalidPassword pattern with the words 'verification code'. */
  invalidTwoFactorAuthCode: (failCount: number) =>
    `That verification code was incorrect. You have ${attemptsLeft(failCount)} more attempts before your account is locked for 1 minute.`,
  twoFactorAuthSoftLockoutTemplate:
    'You reached your maximum number of attempts. Your account will be locked for N minutes.',
  /** §8 TwoFactorAuthSoftLockout: N is the minutes until lockedOutUntil, rounded up. */
  twoFactorAuthSoftLockout: (lockedOutUntil: Instant, now: Instant) =>
    `You reached your maximum number of attempts. Your account will be locked for ${minutesUntil(lockedOutUntil, now)} minutes.`,
  twoFactorAuthPermanentLockout:
    'Your account has been locked, because you have attempted to enter a verification code too many times.',
  ipAuthLockoutTemplate: 'For security reasons, you cannot sign in from this network for N days.',
  /** §8 IpAuthLockout: N is the lockout length in days. */
  ipAuthLockout: (days: number) =>
    `For security reasons, you cannot sign in from this network for ${days} days.`,
  /** A NotFound whose message contains this marker maps to invalidRecoveryCode. */
  recoveryCodeMarker: 'recovery code',
  verificationCodeWords: 'verification code',
  invalidRecoveryCode: 'Invalid recovery code.',
  passwordIncorrect: 'That password was incorrect.',
  tryAgain: 'Please try again.',
} as const;

function attemptsLeft(failCount: number): number {
  return Math.max(0, MAX_AUTH_ATTEMPTS - failCount);
}

/** Spec §8 Login: the message for a NotFound login error, by the server message. */
export function loginNotFoundMessage(serverMessage: string): string {
  return serverMessage.includes(authErrors.recoveryCodeMarker)
    ? authErrors.invalidRecoveryCode
    : authErrors.passwordIncorrect;
}

/**
 * Spec §8 account lockout toast after a redirect to sign-in (§4), built from the error type, failCount and
 * lockedOutUntil; null for a type that carries no lockout message.
 */
export function accountLockoutMessage(
  errorType: string,
  failCount: number,
  lockedOutUntil: Instant | null,
  now: Instant,
): string | null {
  const until = lockedOutUntil ?? now;
  switch (errorType) {
    case 'InvalidPassword':
      return authErrors.invalidPassword(failCount);
    case 'PasswordSoftLockout':
      return authErrors.passwordSoftLockout(until, now);
    case 'PasswordPermanentLockout':
      return authErrors.passwordPermanentLockout;
    case 'InvalidTwoFactorAuthCode':
      return authErrors.invalidTwoFactorAuthCode(failCount);
    case 'TwoFactorAuthSoftLockout':
      return authErrors.twoFactorAuthSoftLockout(until, now);
    case 'TwoFactorAuthPermanentLockout':
      return authErrors.twoFactorAuthPermanentLockout;
    default:
      return null;
  }
}

/** Spec §8 Follow and social. */
export const socialErrors = {
  followFailed: "Sorry, that didn't work. Click Follow on the page below to try again.",
  cannotFollowSelfTemplate: 'You cannot follow yourself on {product}.',
  /** §8: 'You cannot follow yourself on {product}.' */
  cannotFollowSelf: (product: string = PRODUCT_NAME) => `You cannot follow yourself on ${product}.`,
  alreadyFollowingTemplate: "You're already following {name} on {product}.",
  /** §8: "You're already following {name} on {product}." */
  alreadyFollowing: (name: string, product: string = PRODUCT_NAME) =>
    `You're already following ${name} on ${product}.`,
} as const;

/** Spec §8 General. */
export const generalTexts = {
  errorOccured: 'An error occured.',
  contactSupport: 'Please try again or contact our support team for help.',
  subdomainDeactivationError: 'An error occured during deactivation of the subdomain.',
  contentUnderReview: 'The following content is under review as a potential violation of our rules.',
  accountUnderInvestigation: 'This account is under investigation or was found in violation of the Rules.',
  storyUnderInvestigation: 'This story is under investigation or was found in violation of the Rules',
  editStory: 'Edit story',
  verifyEmail: 'Verify your email to get full access to your account.',
  resendEmail: 'Resend email',
  verificationEmailSentTemplate: 'A verification email has been sent to {email}.',
  /** §8: 'A verification email has been sent to {email}.' */
  verificationEmailSent: (email: string) => `A verification email has been sent to ${email}.`,
  changeEmail: 'Change email',
  featureDisabled: 'This feature is temporarily disabled.',
  tryAgain: 'Please try again.',
} as const;

/**
 * The messages of spec §3 PostResult's cases: the suspensions are §8 General's; the others are not from the
 * spec (it names the cases, not their wording).
 */
export const postResultTexts = {
  NotFound: 'This story does not exist.',
  RemovedByUser: 'This story was deleted by its author.',
  PostSuspended: generalTexts.storyUnderInvestigation,
  Blocked: 'This story is not available to you.',
  AccountSuspended: generalTexts.accountUnderInvestigation,
  AccountDeleted: 'This account has been deleted.',
  UnavailableForLegalReasons: 'This story is unavailable for legal reasons.',
} as const;

/** Spec §8 Toast texts (and §7 'Successfully reported user.'). */
export const toastTexts = {
  blockedUser: 'Successfully blocked user.',
  unblockedUser: 'Successfully unblocked user.',
  reportedUser: 'Successfully reported user.',
  nowFollowingTemplate: "You're now following {name}",
  /** §8: "You're now following {name}" */
  nowFollowing: (name: string) => `You're now following ${name}`,
  unmutedTemplate: '{name} has been unmuted.',
  /** §8: '{name} has been unmuted.' */
  unmuted: (name: string) => `${name} has been unmuted.`,
  unfollowedTemplate: "You've unfollowed {name}.",
  /** §8: "You've unfollowed {name}." */
  unfollowed: (name: string) => `You've unfollowed ${name}.`,
  mutedTemplate: '{name} has been muted. You will no longer see their stories.',
  /** §8: '{name} has been muted. You will no longer see their stories.' */
  muted: (name: string) => `${name} has been muted. You will no longer see their stories.`,
  subscriptionPromotionsTemplate: 'Your subscription promotions are now enabled/disabled.',
  /** §8: 'Your subscription promotions are now enabled/disabled.' for one state. */
  subscriptionPromotions: (enabled: boolean) =>
    `Your subscription promotions are now ${enabled ? 'enabled' : 'disabled'}.`,
  exportPreparing:
    "We're preparing your list to export. We'll email you a link to download the .zip file soon.",
  responsePublishedAsStory: 'Your response is also published as a story on your profile.',
  negativeSignal: 'Got it. You will see fewer stories like this.',
  negativeSignalUndone: 'Undone. This story has been added back.',
  undo: 'Undo',
  movedToTrashTemplate: "{title} moved to Trash. After 14 days, it'll be permanently deleted.",
  /** §8: "{title} moved to Trash. After 14 days, it'll be permanently deleted." */
  movedToTrash: (title: string) =>
    `${title} moved to Trash. After ${TRASH_RETENTION_DAYS} days, it'll be permanently deleted.`,
  movedToTabTemplate: '{title} moved to {tab}.',
  /** §8: '{title} moved to {tab}.' */
  movedToTab: (title: string, tab: string) => `${title} moved to ${tab}.`,
  responseHiddenFromStory: 'Response has been hidden from this story.',
  /** §8: 'Response has been hidden from this story.' and '...from this list.' */
  responseHidden: (from: 'story' | 'list') => `Response has been hidden from this ${from}.`,
  passwordResetLinkExpired: 'The password reset link has expired.',
  errorOccured: 'An error occured.',
  contactSupport: 'Please try again or contact our support team for help.',
  verifyEmail: 'Verify your email to get full access to your account.',
  /** §8: 'A verification email has been sent to {email}.' */
  verificationEmailSent: (email: string) => `A verification email has been sent to ${email}.`,
  /** §8 Privacy banner: 'To make {product} work, …' */
  privacyBanner: (product: string = PRODUCT_NAME) => privacyBannerText(product),
} as const;

/** Spec §8 Privacy banner, with {product} kept as a placeholder. */
export const PRIVACY_BANNER_TEMPLATE =
  'To make {product} work, we log user data. By using {product}, you agree to our Privacy Policy, including cookie policy.';

/** Spec §8 Privacy banner: the text with {product} filled in (defaults to PRODUCT_NAME). */
export function privacyBannerText(product: string = PRODUCT_NAME): string {
  return `To make ${product} work, we log user data. By using ${product}, you agree to our Privacy Policy, including cookie policy.`;
}

/** Spec §8 Dialogs, §2 desktop-only dialog, §4 report dialog and popover dismissal. */
export const dialogTexts = {
  blockUserTitle: 'Block this user?',
  blockUserBody: 'They will no longer be able to follow you or view your content.',
  reportUserTitle: 'Report this user?',
  reportUserBody: 'This will flag this user for review with our support team.',
  blockAuthor: 'Block this author',
  unblockAuthor: 'Unblock this author',
  reportAuthor: 'Report this author',
  reportAndBlock: 'Report and block',
  report: 'Report',
  desktopOnlyTitle: 'Only available on desktop',
  desktopOnlyBody: 'To design your profile, view this page from a desktop web browser.',
  okayGotIt: 'Okay, got it',
  /** §9: default dismiss text of popovers (style reminder, popover flags). */
  gotIt: 'Got it',
  cancel: 'Cancel',
} as const;

// ---------------------------------------------------------------------------------------------------------
// §4 Labels and banners
// ---------------------------------------------------------------------------------------------------------

/** Spec §4 Draft label and Published label. */
export const draftLabelTexts = {
  draftInTemplate: 'Draft in {publication}',
  /** §4: 'Draft in {publication}' (pending; viewer is editor or author). */
  draftIn: (publication: string) => `Draft in ${publication}`,
  draftSubmittedToTemplate: 'Draft submitted to {publication}',
  /** §4: 'Draft submitted to {publication}' (pending; publication known). */
  draftSubmittedTo: (publication: string) => `Draft submitted to ${publication}`,
  submittedDraft: 'Submitted draft',
  unsubmittedDraft: 'Unsubmitted draft',
  draft: 'Draft',
  submittedToTemplate: 'Submitted to {publication}',
  /** §4 Published label: 'Submitted to {publication}'. */
  submittedTo: (publication: string) => `Submitted to ${publication}`,
  submittedStory: 'Submitted story',
} as const;

/** Spec §4 Tax banner rules. */
export const taxBannerTexts = {
  approvedByTemplate: 'Your tax forms must be approved by {date} for us to pay you',
  /** §4: 'Your tax forms must be approved by {date} for us to pay you'. */
  approvedBy: (date: string) => `Your tax forms must be approved by ${date} for us to pay you`,
  stoppedEarning: 'Your stories have stopped earning',
  forfeited: "You've forfeited your earnings",
  mustBeApproved: 'Your tax forms must be approved for us to pay you',
  inReview: 'Your tax forms are in. Please wait 3 to 5 business days for them to be reviewed.',
  issue: 'There was an issue with your tax forms.',
} as const;

/** Not from the spec (§4 names only the PP_ACCEPT_TERMS and TAX_STATUS toasts and their conditions). */
export const partnerToastTexts = {
  termsChanged: 'We’ve updated the Partner Program terms. Please review them to keep earning.',
  reviewTerms: 'Review terms',
  submitTaxForms: 'Submit tax forms',
  resubmitTaxForms: 'Resubmit tax forms',
} as const;

/**
 * Not from the spec (§4 says only that the post prompt's copy differs below 3 stories read, and that the
 * read-next meter can be hidden for a day): the prompt under a story for non-members, and the meter's hide.
 */
export const postPromptTexts = {
  fewRead: 'Become a member to read every story on Quire and support the writers you love.',
  manyRead: (count: number) =>
    `You’ve read ${count} stories this month. Become a member to keep reading without limits.`,
  hideMeter: 'Hide for a day',
} as const;

/**
 * Not from the spec (§1 says members-only stories show a preview past the free ones, without wording): the box
 * under a locked preview, asking a signed-out reader for an account and a signed-in one for membership.
 */
export const paywallTexts = {
  heading: 'This story is for members only.',
  signUpToRead: (freePerMonth: number) =>
    `Create a free account or sign in to read more. With an account you can read ${freePerMonth} member-only stories free each month.`,
  createAccount: 'Create a free account',
  freeStoriesUsed:
    'You have read your free member-only stories this month. Become a member to read the rest of this story and support its writer.',
  networkFreeStoriesUsed:
    'The free member-only stories for readers on your network are used up this month. Become a member to read the rest of this story and support its writer.',
} as const;

/**
 * Why a reader got only the locked preview (the server decides): no account yet, their free stories of the
 * month are used, or their network's are.
 */
export type PaywallReason = 'signed_out' | 'free_stories_used' | 'network_free_stories_used';

/**
 * The paywall box's message for the server's reason: a visitor without an account, who has read nothing that
 * counts, is invited to sign up; only a signed-in reader is told that free stories are used up.
 */
export function paywallMessage(reason: PaywallReason, freePerMonth: number = FREE_STORIES_PER_MONTH): string {
  switch (reason) {
    case 'signed_out':
      return paywallTexts.signUpToRead(freePerMonth);
    case 'network_free_stories_used':
      return paywallTexts.networkFreeStoriesUsed;
    case 'free_stories_used':
      return paywallTexts.freeStoriesUsed;
  }
}

import type { ProcedureMeta } from './trpc';

/*
 * The procedures with no access rule to ask, and why (trpc.ts ProcedureMeta). Every other procedure must
 * ask the policy (policies/) before it answers with anything it read; the audit fails one that does not.
 * A procedure's own `.meta({ access })` wins over this list.
 */
export const ACCESS_MARKERS: Readonly<Record<string, NonNullable<ProcedureMeta['access']>>> = {
  // Signing up and in, and the account's own credentials: open to anyone by nature.
  'auth.options': 'public',
  'auth.magicLinkPreferred': 'public',
  'auth.emailAvailability': 'public',
  'auth.captchaChallenge': 'public',
  'auth.accountToken': 'own',
  'auth.sendAcctAuthEmail': 'public',
  'auth.verifyLoginCode': 'public',
  'auth.createAccount': 'public',
  'auth.loginUser': 'public',
  'auth.sendVerificationEmail': 'own',
  'auth.crupdatePassword': 'public',
  'auth.registerAuthyUser': 'own',
  'auth.crupdateTwoFactorAuth': 'own',
  'auth.crupdateTwoFactorBackupCodes': 'own',
  // Recording which search result was clicked (analytics of the search itself).
  'search.click': 'public',
  // The client's feature flags, the same for everyone with the same overrides.
  'flags.variantFlags': 'public',
  // The signed-in viewer's own rows.
  'account.settings': 'own',
  'account.usernameAvailability': 'own',
  'publications.invitations': 'own',
  // Whether a publication address is free: every publication's address is its public page.
  'publications.slugAvailability': 'public',
  'account.updateProfile': 'own',
  'account.updatePhoto': 'own',
  'account.changeEmail': 'own',
  'account.cancelEmailChange': 'own',
  'account.setColors': 'own',
  'viewer.me': 'own',
  'viewer.avatarMenu': 'own',
  'viewer.setStyleReminderSeen': 'own',
  'viewer.dismissFlag': 'own',
  'viewer.visitor': 'public',
  'posts.mine': 'own',
  'posts.createDraft': 'own',
  'posts.showFewer': 'own',
  'posts.undoShowFewer': 'own',
  'reading.state': 'own',
  'notifications.unreadCount': 'own',
  'notifications.list': 'own',
  'notifications.markViewed': 'own',
  'lists.readingList': 'own',
  'social.userEdge': 'own',
  'social.collectionEdge': 'own',
  'social.unfollowUser': 'own',
  'social.muteUser': 'own',
  'social.unmuteUser': 'own',
  'social.unfollowCollection': 'own',
  'social.unmuteCollection': 'own',
  'membership.current': 'own',
  'membership.billingHistory': 'own',
  // The membership plans and their prices, the same for everyone in a country.
  'membership.plans': 'public',
  // The money path changes only the viewer's own membership, customer and checkout sessions (a referrer is
  // looked up through the profile rule).
  'membership.checkout': 'own',
  'membership.cancel': 'own',
  'membership.resume': 'own',
  'membership.changePlan': 'own',
  'membership.paymentPortal': 'own',
  'membership.testCheckout': 'own',
  'membership.completeTestCheckout': 'own',
  // A gift code is its own key (128 random bits): whoever holds it may read what it gives.
  'gifts.giftByCode': 'public',
  // Lists built only from the policy's listing filters (policies/listing.ts).
  'posts.latest': 'listing',
  'posts.forYou': 'listing',
  'profiles.followingFeed': 'listing',
  'discovery.topics': 'listing',
  'discovery.trending': 'listing',
  'discovery.topStories': 'listing',
  'discovery.homeModules': 'listing',
};

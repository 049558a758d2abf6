export {
  DIGEST_TEMPLATE,
  type DigestPayload,
  type DigestView,
  digestViewOf,
  renderDigestEmail,
} from './digest-email';
export { EmailLayout, emailStyles, type FooterLink } from './email-layout';
export { inlineBodyStyles, type NewsletterIssueView, renderNewsletterEmail } from './newsletter-email';
export {
  NEWSLETTER_LINK_PATHS,
  type NewsletterLinkKind,
  newsletterClickUrl,
  newsletterLinkSignature,
  newsletterOpenUrl,
  newsletterUnsubscribeUrl,
  verifyNewsletterLink,
} from './newsletter-links';
export {
  createNewsletterTransport,
  type NewsletterMailer,
  type OutgoingNewsletterMail,
  outboxNewsletterMailer,
  smtpNewsletterMailer,
} from './newsletter-mailer';
export {
  fillNewsletterTemplate,
  type NewsletterLinkSlot,
  type NewsletterTemplate,
  renderNewsletterTemplate,
} from './newsletter-template';
export {
  deliverPendingEmails,
  type EmailMessage,
  enqueueEmail,
  isAlwaysSent,
  RETRY_DELAYS_MS,
  renderEmail,
  renderQueuedEmail,
  unsubscribeHeaders,
  unsubscribeUrlOf,
} from './outbox';
export { escapeHtml, type LinkRewrite, paragraphsHtml } from './paragraphs-html';
export { createTransport } from './transport';
export {
  type EmailLinkSigner,
  emailSettingsHash,
  emailSettingsUrl,
  verifyEmailSettingsHash,
} from './unsubscribe';

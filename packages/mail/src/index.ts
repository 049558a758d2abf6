export {
  deliverPendingEmails,
  type EmailMessage,
  enqueueEmail,
  isAlwaysSent,
  RETRY_DELAYS_MS,
  renderEmail,
  unsubscribeHeaders,
  unsubscribeUrlOf,
} from './outbox';
export { createTransport } from './transport';
export {
  type EmailLinkSigner,
  emailSettingsHash,
  emailSettingsUrl,
  verifyEmailSettingsHash,
} from './unsubscribe';

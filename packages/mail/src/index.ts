export {
  deliverPendingEmails,
  type EmailMessage,
  enqueueEmail,
  RETRY_DELAYS_MS,
  renderEmail,
} from './outbox';
export { createTransport } from './transport';

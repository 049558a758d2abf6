import type { EntityManager } from '@mikro-orm/postgresql';
import { type Notification, User } from '@quire/db';
import { NOTIFICATION_EMAIL_SETTING, type NotificationType, notificationEmailTexts } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';

/** Spec §2 /me/notifications: where a notification email sends its reader. */
const NOTIFICATIONS_PATH = '/me/notifications';

/**
 * Emails a new notification to its recipient when its kind is emailed (NOTIFICATION_EMAIL_SETTING) and the
 * recipient's settings allow it (spec §3 notification settings). Runs in the notification's transaction, so
 * the email goes only if the change commits; it links to the notifications page.
 */
export async function emailNotification(
  em: EntityManager,
  notification: Notification,
  opts: { recipientId: string; actorId: string | null; type: NotificationType },
) {
  const setting = NOTIFICATION_EMAIL_SETTING[opts.type];
  if (!setting) return;
  const recipient = await em.findOne(User, { id: opts.recipientId, isDeleted: false });
  if (!recipient?.email) return;
  const actor = opts.actorId ? await em.findOne(User, opts.actorId, { fields: ['name'] }) : null;
  const subject = notificationEmailTexts.subject(actor?.name || notificationEmailTexts.someone, opts.type);
  enqueueEmail(em, {
    category: setting,
    recipient,
    to: recipient.email,
    subject,
    template: 'notification',
    // The sender makes the link absolute (renderEmail); the path keeps the row independent of the origin.
    payload: {
      notificationType: opts.type,
      path: NOTIFICATIONS_PATH,
      text: notificationEmailTexts.body(subject, NOTIFICATIONS_PATH),
    },
    dedupeKey: `notification:${notification.id}`,
  });
}

import { RESPONSE_NOTIFICATION_TYPES } from '@quire/domain';

/** Spec §2 popover tabs (the /me/notifications page has the same). */
export type NotificationsTab = 'all' | 'responses';

/** The activity types a tab asks for; undefined means every type. */
export function tabActivityTypes(tab: NotificationsTab): string[] | undefined {
  return tab === 'responses' ? [...RESPONSE_NOTIFICATION_TYPES] : undefined;
}

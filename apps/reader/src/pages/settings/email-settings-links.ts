import { EMAIL_LINK_SETTINGS, type EmailLinkSetting, type UnsubscribeAllKind } from '@quire/domain';
import type { PageProps } from '../../routes';

/** The setting a link names in its ?setting= (the one the email was sent under). */
export function linkSetting(query: URLSearchParams): EmailLinkSetting | null {
  const value = query.get('setting');
  return (EMAIL_LINK_SETTINGS as readonly string[]).includes(value ?? '')
    ? (value as EmailLinkSetting)
    : null;
}

/** The signed link of a page's params and query, or null when it cannot be one. */
export function signedLinkOf(params: PageProps['params'], query: URLSearchParams) {
  const setting = linkSetting(query);
  return params.userId && params.hash && setting
    ? { userId: params.userId, hash: params.hash, setting }
    : null;
}

/** The path segment of each unsubscribe-all page. */
export const kindPath: Record<UnsubscribeAllKind, string> = {
  newsletters: 'unsubscribe-all-newsletters',
  authorNewsletters: 'unsubscribe-all-author-newsletters',
};

import { tabOf } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { comingSoonFor, routeFor } from '../src/routes';

describe('your pages routes (spec §2 Your pages, Settings mute)', () => {
  it('serve each path with its spec name instead of Coming soon', () => {
    const paths = {
      '/me/following': 'ShowFollowsIndex',
      '/me/following/publications': 'ShowMeFollowingByEntityName',
      '/me/following/topics': 'ShowMeFollowingTopics',
      '/me/following/suggestions': 'ShowMeFollowingSuggestions',
      '/me/settings/mute': 'ShowMeSettingsMute',
      '/me/settings/mute/publications': 'ShowMeSettingsMuteByActiveTab',
      '/me/readinghistory': 'ShowMeReadinghistory',
      '/me/publications': 'ShowYourCollections',
      '/me/notifications': 'ShowYourNotifications',
      '/me/activity': 'ShowMeActivity',
    };
    for (const [path, name] of Object.entries(paths)) {
      expect(routeFor(path).route.name, path).toBe(name);
      expect(comingSoonFor(path), path).toBeUndefined();
    }
  });

  it('reads a tab from its path segment, the first tab without one, and null for an unknown one', () => {
    const tabs = ['writers', 'publications'] as const;
    expect(tabOf(tabs, undefined, 'writers')).toBe('writers');
    expect(tabOf(tabs, 'publications', 'writers')).toBe('publications');
    expect(tabOf(tabs, 'nonsense', 'writers')).toBeNull();
  });
});

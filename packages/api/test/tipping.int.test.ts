import { User } from '@quire/db';
import { tippingLinkOf, tippingTexts } from '@quire/domain';
import { buildUser, useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { callerAs, testClock } from './auth-helpers';

/* Spec §2 /me/settings/tipping and §3 tipping link: kept only as an https page, shown on the profile. */

const db = useTestDatabase();
const clock = testClock(new Date('2026-11-25T12:00:00Z'));

const api = (viewer: User | null) => callerAs(db, clock, viewer);

describe('the tipping link', () => {
  it('keeps an https page, shows it on the profile, and removes it', async () => {
    const writer = await buildUser(db.em(), { name: 'Tipped Writer' });
    expect(await api(writer).tipping.set({ link: ' https://ko-fi.com/tipped ' })).toEqual({
      link: 'https://ko-fi.com/tipped',
    });
    expect(await api(writer).tipping.current()).toEqual({ link: 'https://ko-fi.com/tipped' });
    const profile = await api(null).profiles.byUsername({ username: writer.username });
    expect(profile.tippingLink).toBe('https://ko-fi.com/tipped');
    expect(await api(writer).tipping.set({ link: null })).toEqual({ link: null });
    expect((await api(null).profiles.byUsername({ username: writer.username })).tippingLink).toBeNull();
  });

  it('refuses what is not an https page, and changes nothing', async () => {
    const writer = await buildUser(db.em());
    await api(writer).tipping.set({ link: 'https://buymeacoffee.com/w' });
    for (const bad of [
      'javascript:alert(1)',
      'http://ko-fi.com/w',
      'data:text/html,hi',
      'https://user:pass@ko-fi.com/w',
      'https://127.0.0.1/tip',
      'https://localhost/tip',
      'ko-fi.com/w',
      `https://ko-fi.com/${'a'.repeat(2100)}`,
      'https://ko-fi.com/\u0000',
    ]) {
      await expect(api(writer).tipping.set({ link: bad }), bad).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    const fresh = await db.em().findOneOrFail(User, writer.id, { refresh: true });
    expect(fresh.tippingLink).toBe('https://buymeacoffee.com/w');
    await expect(api(null).tipping.set({ link: 'https://ko-fi.com/x' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('reads links the way it stores them', () => {
    expect(tippingLinkOf('https://paypal.me/Someone')).toBe('https://paypal.me/Someone');
    expect(tippingLinkOf('HTTPS://Ko-Fi.com/a?b=c')).toBe('https://ko-fi.com/a?b=c');
    expect(tippingLinkOf('https://[::1]/x')).toBeNull();
    expect(tippingTexts.tip('Ada')).toBe('Tip Ada');
  });
});

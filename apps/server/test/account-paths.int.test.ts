import { MOBILE_BETA_PATH } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

/* Spec §2 Account and auth, Profiles: /me, /m/login-redirect and /m/app. */

const t = useTestApp();

describe('the reader’s own shortcuts', () => {
  it('/me is the reader’s profile; a visitor signs in first and comes back to it', async () => {
    const em = t.db.em();
    const user = await buildUser(em, { username: 'mereader' });
    const mine = await t.page('/me', await buildSession(em, user));
    expect(mine.statusCode).toBe(302);
    expect(mine.headers.location).toBe('/@mereader');
    expect(mine.headers['cache-control']).toContain('no-store');
    const visitor = await t.page('/me');
    expect(visitor.headers.location).toBe('/m/signin?redirect=%2Fme');
  });

  it('/m/login-redirect signs in, then goes back to a page of this site only', async () => {
    const cases: [string, string][] = [
      ['/m/login-redirect?redirect=%2Fme%2Flists', '/m/signin?redirect=%2Fme%2Flists'],
      ['/m/login-redirect', '/m/signin?redirect=%2F'],
      ['/m/login-redirect?redirect=https%3A%2F%2Fevil.example%2F', '/m/signin?redirect=%2F'],
      ['/m/login-redirect?redirect=%2F%2Fevil.example', '/m/signin?redirect=%2F'],
      ['/m/login-redirect?redirect=%2F%5Cevil.example', '/m/signin?redirect=%2F'],
      ['/m/login-redirect?redirect=a&redirect=b', '/m/signin?redirect=%2F'],
    ];
    for (const [url, location] of cases) {
      const res = await t.page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('/m/app, the app’s page, is the page on using Quire from a phone', async () => {
    const res = await t.page('/m/app');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(MOBILE_BETA_PATH);
  });
});

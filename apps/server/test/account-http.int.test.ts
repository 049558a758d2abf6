import { EmailOutbox, User } from '@quire/db';
import { accountTexts } from '@quire/domain';
import { buildSession, buildUser } from '@quire/test-harness';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadTexts } from '../src/media';
import { authHeaders, useTestApp } from './helpers';

/*
 * Account settings over HTTP: old profile URLs answer 301 to the new username, the photo goes through the upload
 * endpoint (which refuses what is not an image or too large), the email change is confirmed by the mailed link
 * (a forged one changes nothing), and the account pages are real pages for their owner.
 */

const t = useTestApp(undefined, { PAGE_CACHE_FRESH_MS: '0', IMAGE_UPLOAD_MAX_SIZE_MB: '1' });

const trpc = (path: string, input: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input as object, headers });

async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
  const em = t.db.em();
  const user = await buildUser(em, overrides);
  return { user, headers: authHeaders(await buildSession(em, user)) };
}

async function upload(data: Buffer, headers: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/_/upload',
    headers: { ...headers, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe('old profile URLs after a username change', () => {
  it('answer 301 to the same page under the new username, the query kept; unknown names stay 404', async () => {
    const { user, headers } = await signedIn({ username: 'BeforeRename', name: 'Renamed Writer' });
    const renamed = await trpc('account.updateProfile', { username: 'AfterRename' }, headers);
    expect(renamed.statusCode).toBe(200);

    const old = await t.app.inject({ url: '/@BeforeRename' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/@AfterRename');
    const sub = await t.app.inject({ url: '/@BeforeRename/about?source=x' });
    expect(sub.statusCode).toBe(301);
    expect(sub.headers.location).toBe('/@AfterRename/about?source=x');

    const now = await t.app.inject({ url: '/@AfterRename' });
    expect(now.statusCode).toBe(200);
    expect(now.body).toContain('Renamed Writer');
    expect((await t.app.inject({ url: '/@NeverAnyone' })).statusCode).toBe(404);
    expect((await t.db.em().findOneOrFail(User, user.id)).username).toBe('AfterRename');
  });

  it('answers a malformed or taken username with an error next to the field and no 5xx', async () => {
    await buildUser(t.db.em(), { username: 'HttpTaken' });
    const { headers } = await signedIn();
    const taken = await trpc('account.updateProfile', { username: 'httptaken' }, headers);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.data.zodError.fieldErrors).toEqual({ username: [accountTexts.usernameTaken] });
    const malformed = await trpc(
      'account.updateProfile',
      { username: 'no spaces', bio: 'x'.repeat(200) },
      headers,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.data.zodError.fieldErrors).toEqual({
      username: [accountTexts.usernameMalformed],
      bio: [accountTexts.bioTooLong],
    });
  });
});

describe('profile photo', () => {
  it('uploads a square image and shows it on the profile at a size from the image URL builder', async () => {
    const { user, headers } = await signedIn({ username: 'PhotoOwner' });
    const uploaded = await upload(await png(300, 300), headers);
    expect(uploaded.statusCode).toBe(200);
    const { id } = uploaded.json() as { id: string };
    const set = await trpc('account.updatePhoto', { imageId: id }, headers);
    expect(set.statusCode).toBe(200);
    expect((await t.db.em().findOneOrFail(User, user.id)).imageId).toBe(id);
    const page = await t.app.inject({ url: '/@PhotoOwner' });
    expect(page.body).toContain(`/media/${id}?`);
  });

  it('refuses a file that is not an image, one too large and a non-square picture, leaving the photo as it was', async () => {
    const { user, headers } = await signedIn();
    const text = await upload(Buffer.from('not an image at all'), headers);
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(uploadTexts.unsupported);
    const huge = await upload(Buffer.alloc(1024 * 1024 + 10, 1), headers);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe(uploadTexts.tooLarge(1));
    const wide = await upload(await png(400, 200), headers);
    const refused = await trpc('account.updatePhoto', { imageId: wide.json().id }, headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.data.zodError.fieldErrors).toEqual({
      imageId: [accountTexts.photoNotSquare],
    });
    expect((await t.db.em().findOneOrFail(User, user.id)).imageId ?? null).toBeNull();
  });
});

describe('email change over HTTP', () => {
  const linkTo = async (to: string) => {
    const [mail] = await t.db
      .em()
      .find(
        EmailOutbox,
        { to, template: 'confirm-email-change' },
        { orderBy: { createdAt: 'desc' }, limit: 1 },
      );
    return new URL(String(mail!.payload.link));
  };

  it('changes the email when the mailed link is opened; a forged link changes nothing', async () => {
    const { user, headers } = await signedIn({ email: 'http-old@example.com' });
    const asked = await trpc('account.changeEmail', { email: 'http-new@example.com' }, headers);
    expect(asked.statusCode).toBe(200);
    const notices = await t.db
      .em()
      .count(EmailOutbox, { to: 'http-old@example.com', template: 'email-change-notice' });
    expect(notices).toBe(1);

    const forged = await t.app.inject({ url: '/m/account/confirm/forged-key' });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/?emailVerified=0');
    expect((await t.db.em().findOneOrFail(User, user.id)).email).toBe('http-old@example.com');

    const link = await linkTo('http-new@example.com');
    const opened = await t.app.inject({ url: link.pathname });
    expect(opened.headers.location).toBe('/?emailVerified=1');
    expect(await t.db.em().findOneOrFail(User, user.id)).toMatchObject({
      email: 'http-new@example.com',
      unverifiedEmail: null,
    });
  });

  it('refuses a malformed address with the spec message next to the field', async () => {
    const { headers } = await signedIn();
    const bad = await trpc('account.changeEmail', { email: 'nope@' }, headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.zodError.fieldErrors).toEqual({
      email: ['Please enter a valid email address.'],
    });
  });
});

describe('account pages', () => {
  it('are real pages for their owner; another profile’s edit page is a 404', async () => {
    const { user, headers } = await signedIn({ username: 'PageOwner', name: 'Page Owner' });
    await buildUser(t.db.em(), { username: 'SomeoneElse' });
    const cookie = { cookie: headers.cookie };
    for (const path of ['/me/settings', '/me/settings/account']) {
      const page = await t.app.inject({ url: path, headers: cookie });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-testid="account-settings"');
      expect(page.body).toContain(user.email!);
    }
    const edit = await t.app.inject({ url: '/@PageOwner/edit', headers: cookie });
    expect(edit.statusCode).toBe(200);
    expect(edit.body).toContain('data-testid="profile-form"');
    expect((await t.app.inject({ url: '/@SomeoneElse/edit', headers: cookie })).statusCode).toBe(404);
    for (const path of ['/me/design', '/me/styles']) {
      const page = await t.app.inject({ url: path, headers: cookie });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-testid="design-page"');
    }
    const verify = await t.app.inject({ url: '/me/send-verify', headers: cookie });
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain('data-testid="send-verify"');
    const about = await t.app.inject({ url: '/me/about', headers: cookie });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('data-testid="profile-about"');
    expect(about.body).toContain(accountTexts.aboutEdit);
    // Signed out, the pages ask to sign in; the about page of the profile shows no Edit button.
    expect((await t.app.inject({ url: '/me/design' })).body).toContain('/m/signin?redirect=');
    expect((await t.app.inject({ url: '/@PageOwner/about' })).body).not.toContain(
      `>${accountTexts.aboutEdit}<`,
    );
  });

  it('applies the profile’s colours as custom properties and refuses a colour that is not a spec colour string', async () => {
    const { headers } = await signedIn({ username: 'Colourful' });
    const bad = await trpc(
      'account.setColors',
      { colors: { background: 'red;}</style>', text: '#FF000000', accent: '#FF1A8917' } },
      headers,
    );
    expect(bad.statusCode).toBe(400);
    const ok = await trpc(
      'account.setColors',
      { colors: { background: '#FFFAF7F0', text: '#FF111111', accent: 'rgba(26, 137, 23, 1)' } },
      headers,
    );
    expect(ok.statusCode).toBe(200);
    const page = await t.app.inject({ url: '/@Colourful' });
    expect(page.body).toContain('--q-profile-background:rgba(250, 247, 240, 1)');
    expect(page.body).toContain('--q-profile-accent:rgba(26, 137, 23, 1)');
  });
});

import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import { EmailOutbox, FeatureFlag, Media, User as UserRow } from '@quire/db';
import type { TestDatabase } from '@quire/test-harness';
import {
  appRouter,
  createContextInner,
  defaultServiceEnvironment,
  LocalCaptcha,
  memoryCookieJar,
  type ServiceEnvironment,
} from '../src';

/** A clock tests move by hand (lockouts and expiries). */
export function testClock(start = new Date('2026-11-21T12:00:00Z')) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** One environment for the file, so captcha challenges issued by one caller verify in another. */
export const env = defaultServiceEnvironment({ captcha: new LocalCaptcha(Buffer.alloc(32, 7)) });

/** A tRPC caller as a browser with its own cookie jar, at an IP, on the test clock. */
export function browser(
  db: TestDatabase,
  clock: { now: () => Date },
  opts: { ip?: string; viewer?: User | null; services?: ServiceEnvironment } = {},
) {
  const cookies = memoryCookieJar();
  const make = (viewer: User | null) =>
    appRouter.createCaller(
      createContextInner({
        em: db.em(),
        viewer,
        sessionId: null,
        visitor: { id: 'v', isBot: false, country: null },
        ip: opts.ip ?? '203.0.113.7',
        now: clock.now,
        cookies,
        env: opts.services ?? env,
      }),
    );
  return { caller: make(opts.viewer ?? null), as: (viewer: User) => make(viewer), cookies };
}

/** One request's caller as `viewer` (null: a visitor) on the test clock, in `services` (the file's default). */
export const callerAs = (
  db: TestDatabase,
  clock: { now: () => Date },
  viewer: User | null,
  services: ServiceEnvironment = env,
) => browser(db, clock, { viewer, services }).caller;

/** Turns a feature flag on or off. */
export async function setFlag(em: EntityManager, name: string, on: boolean) {
  const flag = (await em.findOne(FeatureFlag, { name })) ?? em.create(FeatureFlag, { name });
  flag.boolValue = on;
  await em.flush();
}

/** The newest outbox email of a template to an address. */
export async function lastEmail(db: TestDatabase, to: string, template: string) {
  const [mail] = await db
    .em()
    .find(EmailOutbox, { to: to.toLowerCase(), template }, { orderBy: { createdAt: 'desc' }, limit: 1 });
  if (!mail) throw new Error(`no email to ${to}`);
  return mail;
}

/** Solves the local captcha the way a person would. */
export function solveCaptcha(challenge: { token: string; question: string } | null) {
  if (!challenge) throw new Error('no local challenge');
  const [a, b] = challenge.question.match(/\d+/g)!.map(Number);
  return `${challenge.token}:${a! + b!}`;
}

/** How a call ended: null when it answered, else its tRPC error's code and message. */
export const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
  );

/** A stored upload of `user`'s (none: an anonymous one), as POST /_/upload records it; answers its image id. */
export async function storedUpload(db: TestDatabase, user: User | null, width = 400, height = 400) {
  const em = db.em();
  const media = em.create(Media, {
    uploader: user ? em.getReference(UserRow, user.id) : null,
    mime: 'image/png',
    width,
    height,
    bytes: 100,
    storageKey: `${Math.random().toString(16).slice(2, 14)}.png`,
    sha256: 'a'.repeat(64),
  });
  await em.flush();
  return media.storageKey;
}

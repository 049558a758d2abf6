import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Newsletter, newId, type User } from '@quire/db';
import { type ConfirmImportInput, newsletterConfirmPath, newsletterAdminTexts as texts } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';
import { TRPCError } from '@trpc/server';
import type { ServiceEnvironment } from '../environment';
import { newsletterFor, newsletterSummary } from './admin';
import { ensureWriterNewsletter } from './core';
import { addressProblem, type ImportCandidate, nameProblem, parseSubscriberCsv } from './subscriber-csv';

/*
 * Importing subscribers (spec §2 /me/subscribers/import, §7 /_/api/newsletters/{id}/import/process-unvalidated-files):
 * a preview of the file's rows, then each new address invited as an unconfirmed IMPORT subscription with a
 * confirmation email. Nobody gets an issue before confirming (activeSubscriptions reads confirmed rows only), and
 * an address already there (subscribed, invited or gone) is neither added again nor mailed again.
 */

/** Addresses looked up per query. */
const LOOKUP_CHUNK = 1000;

/** Where an address on the list stands: subscribed, invited but not confirmed yet, or unsubscribed. */
type ListStatus = 'subscribed' | 'invited' | 'unsubscribed';

/** The addresses of `emails` the newsletter already has, with where each stands. */
async function existingAddresses(em: EntityManager, newsletterId: string, emails: string[]) {
  const found = new Map<string, ListStatus>();
  if (!emails.length) return found;
  for (let i = 0; i < emails.length; i += LOOKUP_CHUNK) {
    const chunk = emails.slice(i, i + LOOKUP_CHUNK);
    const rows = await em
      .getConnection()
      .execute<{ email: string; confirmed_at: Date | null; unsubscribed_at: Date | null }[]>(
        `select email, confirmed_at, unsubscribed_at from newsletter_subscriptions
        where newsletter_id = ? and email in (${chunk.map(() => '?').join(', ')})`,
        [newsletterId, ...chunk],
      );
    for (const r of rows) {
      found.set(r.email, r.unsubscribed_at ? 'unsubscribed' : r.confirmed_at ? 'subscribed' : 'invited');
    }
  }
  return found;
}

/** The newsletter an import page works on: the one named (when the viewer manages it), else the viewer's own. */
export async function importTarget(em: EntityManager, viewer: User, newsletterId: string | null) {
  const newsletter = newsletterId
    ? await newsletterFor(em, viewer, newsletterId)
    : await ensureWriterNewsletter(em, viewer);
  if (!newsletterId) await newsletterFor(em, viewer, newsletter.id);
  return newsletterSummary(em, newsletter);
}

/**
 * The preview of a CSV for a newsletter the viewer manages: the addresses to invite, those repeated in the file,
 * those already on the list, and the invalid rows with their reasons. Nothing is written.
 */
export async function previewImport(em: EntityManager, viewer: User, newsletterId: string, csv: string) {
  const newsletter = await newsletterFor(em, viewer, newsletterId);
  const parsed = parseSubscriberCsv(csv);
  const existing = await existingAddresses(
    em,
    newsletter.id,
    parsed.valid.map((c) => c.email),
  );
  const toInvite: ImportCandidate[] = [];
  const onList: (ImportCandidate & { status: ListStatus })[] = [];
  for (const c of parsed.valid) {
    const status = existing.get(c.email);
    if (status) onList.push({ ...c, status });
    else toInvite.push(c);
  }
  return {
    newsletter: { id: newsletter.id, name: newsletter.name },
    valid: toInvite,
    duplicates: parsed.duplicates,
    alreadySubscribed: onList,
    invalid: parsed.invalid,
  };
}

/** A confirmation link's token, and the SHA-256 the subscription keeps of it. */
function confirmToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: createHash('sha256').update(token).digest('hex') };
}

/** The confirmation link of a subscription: the subscribe flow's confirm page finds it by the token's hash. */
const subscriptionConfirmUrl = (env: ServiceEnvironment, token: string) =>
  `${env.publicUrl.replace(/\/+$/, '')}${newsletterConfirmPath(token)}`;

/**
 * Invites the previewed addresses: each checked again, repeated ones and those already on the list skipped,
 * the rest inserted as unconfirmed IMPORT subscriptions, each with one confirmation email (security mail: it
 * is the address's only way in). An address imported twice at once is inserted and mailed once (the unique
 * newsletter and email pair). Answers how many were invited.
 */
export async function confirmImport(
  em: EntityManager,
  viewer: User,
  env: ServiceEnvironment,
  now: Date,
  input: ConfirmImportInput,
) {
  const newsletter = await newsletterFor(em, viewer, input.newsletterId);
  const seen = new Set<string>();
  const candidates: { email: string; name: string }[] = [];
  for (const row of input.rows) {
    const value = row.email.trim();
    const name = row.name.trim();
    if (addressProblem(value) || nameProblem(name)) continue;
    const email = value.toLowerCase();
    if (seen.has(email)) continue;
    seen.add(email);
    candidates.push({ email, name });
  }
  const existing = await existingAddresses(
    em,
    newsletter.id,
    candidates.map((c) => c.email),
  );
  const fresh = candidates.filter((c) => !existing.has(c.email));
  let invited = 0;
  for (let i = 0; i < fresh.length; i += LOOKUP_CHUNK) {
    invited += await inviteChunk(em, newsletter, env, now, fresh.slice(i, i + LOOKUP_CHUNK));
  }
  await em.flush();
  if (!invited && !fresh.length) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: texts.nothingToImport });
  }
  return { invited, message: texts.imported(invited) };
}

/** Inserts one chunk of new addresses and queues a confirmation email to each row that was inserted. */
async function inviteChunk(
  em: EntityManager,
  newsletter: Newsletter,
  env: ServiceEnvironment,
  now: Date,
  chunk: { email: string; name: string }[],
): Promise<number> {
  const tokens = new Map(chunk.map((c) => [c.email, confirmToken()]));
  const entityKind = newsletter.type === 'COLLECTION' ? 'COLLECTION' : 'AUTHOR';
  const values = chunk.map((c) => [
    newId(),
    newsletter.id,
    c.email,
    entityKind,
    tokens.get(c.email)!.hash,
    now,
    now,
    now,
  ]);
  const inserted = await em.getConnection().execute<{ email: string }[]>(
    `insert into newsletter_subscriptions
       (id, newsletter_id, email, entity_kind, source, confirm_token_hash, confirm_sent_at, created_at, updated_at)
     values ${values.map(() => "(?, ?, ?, ?, 'IMPORT', ?, ?, ?, ?)").join(', ')}
     on conflict do nothing
     returning email`,
    values.flat(),
  );
  for (const { email } of inserted) {
    const url = subscriptionConfirmUrl(env, tokens.get(email)!.token);
    enqueueEmail(em, {
      category: 'security',
      to: email,
      subject: texts.confirmSubject(newsletter.name),
      template: 'newsletter-confirm',
      payload: { link: url, text: texts.confirmBody(newsletter.name, env.productName, url) },
    });
  }
  return inserted.length;
}

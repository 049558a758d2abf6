import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import { observeQueries } from '@quire/db';
import { accessTexts, errorPageTexts } from '@quire/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';
import { ACCESS_MARKERS } from './access-markers';
import {
  accountRefusal,
  auditCall,
  authorize,
  loadPolicyViewer,
  noteQueried,
  policyAuditIsStrict,
  refusalError,
  reportAudited,
} from './policies';
import { defaultServiceEnvironment, type ServiceEnvironment } from './services/environment';
import { forgetRequestLookups } from './services/request-memo';

// ── Context ────────────────────────────────────────────────────────────────────────────────

/** What the request told us about the anonymous visitor (spec §3 Visitor). */
export interface VisitorInfo {
  id: string;
  isBot: boolean;
  country: string | null;
}

/** Cookies a procedure may set on the response (the session cookie, chiefly). */
export interface CookieJar {
  set(name: string, value: string, options: { httpOnly: boolean; maxAgeSeconds?: number }): void;
  clear(name: string): void;
}

/** Per-request state every procedure sees. */
export interface Context {
  /** A forked EntityManager: one identity map per request. */
  em: EntityManager;
  /** The signed-in user, or null for anonymous visitors. */
  viewer: User | null;
  /** The session id behind `viewer`, for sign-out and revocation. */
  sessionId: string | null;
  /** Staff acting as the viewer (spec §4: a spoofed session turns the edge cache off). */
  sessionIsSpoofed?: boolean;
  /** The popovers the viewer dismissed, read with the session (spec §3 User.dismissableFlags). */
  viewerDismissedFlags?: string[];
  visitor: VisitorInfo;
  ip: string;
  userAgent?: string;
  /** The current time; tests substitute a controllable clock. */
  now: () => Date;
  cookies: CookieJar;
  /** Process-wide services and settings (links, captcha, code delivery, sign-in providers). */
  env: ServiceEnvironment;
}

export type CreateContextOptions = Omit<Context, 'now' | 'cookies' | 'env'> & {
  now?: () => Date;
  cookies?: CookieJar;
  env?: ServiceEnvironment;
};

/** A jar that only remembers what was set: for in-process callers with no HTTP response. */
export function memoryCookieJar(): CookieJar & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, set: (name, value) => values.set(name, value), clear: (name) => values.delete(name) };
}

/** Builds a Context; the HTTP adapter and tests both come through here. */
export function createContextInner(opts: CreateContextOptions): Context {
  return {
    ...opts,
    now: opts.now ?? (() => new Date()),
    cookies: opts.cookies ?? memoryCookieJar(),
    env: opts.env ?? defaultServiceEnvironment(),
  };
}

// ── Init ───────────────────────────────────────────────────────────────────────────────────

/** Flattens a zod error into one readable sentence: "title: Too long; tags: Too many items". */
export function zodMessage(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** True for a deliberate refusal (a 4xx); anything else is a failure of ours, logged and not shown. */
export function isClientError(error: TRPCError): boolean {
  return getHTTPStatusCodeFromError(error) < 500;
}

/**
 * The message a client may read (zod issues flattened): a failure's own text, often the database's, stays in
 * the log and the client reads the spec's server error text instead.
 */
export function errorMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return zodMessage(error.cause);
  return isClientError(error) ? error.message : errorPageTexts.serverError;
}

/**
 * How a procedure answers to the access policy. Unmarked procedures must ask it (can/authorize/enforce)
 * before answering with anything read from the database; the markers name the procedures with no rule to ask:
 * - `public`: open to anyone by nature (signing in, the client's flags and visitor id);
 * - `own`: reads or changes only the signed-in viewer's own rows;
 * - `listing`: lists made only of rows the policy's listing filters (policies/listing.ts) select.
 */
export interface ProcedureMeta {
  access?: 'public' | 'own' | 'listing';
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      return {
        ...shape,
        message: zodError ? zodMessage(zodError) : errorMessage(error),
        data: { ...shape.data, stack: undefined, zodError: zodError ? z.flattenError(zodError) : null },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

// ── Procedures ─────────────────────────────────────────────────────────────────────────────

observeQueries(noteQueried);

/**
 * Every call is audited: one that read the database and answered without asking the policy, and is not
 * marked (access-markers.ts), is a defect. The audit test calls every procedure with the audit strict, so
 * such a call fails it; otherwise the record only goes to the audit's listener.
 */
const audited = t.middleware(async ({ meta, path, next }) => {
  const { record, result } = auditCall(path, () => next());
  const out = await result;
  reportAudited(record);
  const unaudited = out.ok && !(meta?.access ?? ACCESS_MARKERS[path]) && record.queried && !record.consulted;
  if (unaudited && policyAuditIsStrict()) {
    const message = `${path} answered from the database without asking the access policy`;
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message });
  }
  return out;
});

/** A mutation may change what the request's earlier calls looked up (request-memo.ts): its later calls read again. */
const freshAfterMutation = t.middleware(async ({ ctx, type, next }) => {
  const out = await next();
  if (type === 'mutation') forgetRequestLookups(ctx.em);
  return out;
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(audited).use(freshAfterMutation);

/** Open to anyone by nature: no access rule applies (see ProcedureMeta). */
export const openProcedure = publicProcedure.meta({ access: 'public' });

/** Lists made of rows the policy's listing filters select (see ProcedureMeta). */
export const listingProcedure = publicProcedure.meta({ access: 'listing' });

/**
 * Signed-in users only; narrows ctx.viewer to non-null. A suspended account may read but not
 * change anything (spec §6 Suspended user).
 */
export const authedProcedure = publicProcedure.use(({ ctx, next, type }) => {
  const refused = accountRefusal(ctx.viewer, type === 'mutation');
  if (refused || !ctx.viewer)
    throw refusalError(refused ?? { code: 'UNAUTHORIZED', message: accessTexts.signIn });
  return next({ ctx: { ...ctx, viewer: ctx.viewer } });
});

/**
 * A signed-in mutation in one transaction: the procedure's ctx.em is the transaction's, committed when it
 * answers and rolled back when it refuses or fails (with the outbox rows it wrote).
 */
export const transactionalProcedure = authedProcedure.use(async ({ ctx, next }) => {
  let out: Awaited<ReturnType<typeof next>> | undefined;
  try {
    await ctx.em.transactional(async (em) => {
      out = await next({ ctx: { ...ctx, em } });
      if (!out.ok) throw out.error;
    });
  } catch (error) {
    if (out && !out.ok) return out;
    throw error;
  }
  return out!;
});

/** The signed-in viewer's own rows only (see ProcedureMeta). */
export const ownProcedure = authedProcedure.meta({ access: 'own' });

/** Members only (spec §4 Membership: mediumMemberAt above 0). */
export const memberProcedure = authedProcedure.use(async ({ ctx, next }) => {
  authorize(await loadPolicyViewer(ctx.em, ctx.viewer), 'useMemberFeatures');
  return next({ ctx });
});

import {
  EMAIL_LINK_SETTINGS,
  EMAIL_SETTINGS,
  EmailDigestFrequency,
  textInput,
  UNSUBSCRIBE_ALL_KINDS,
} from '@quire/domain';
import { z } from 'zod';
import { entityId } from '../schemas';
import {
  emailSettingsOf,
  signedEmailSettings,
  unsubscribeAll,
  updateEmailSettings,
  updateSignedEmailSettings,
} from '../services/email-settings';
import { openProcedure, ownProcedure, router, transactionalProcedure } from '../trpc';

/** Spec §3 notification settings and digest frequency: any of them, the others left as they are. */
const settingsPatch = z
  .object({
    ...Object.fromEntries(EMAIL_SETTINGS.map((key) => [key, z.boolean().optional()])),
    emailDigestFrequency: z.enum(EmailDigestFrequency).optional(),
  } as Record<(typeof EMAIL_SETTINGS)[number], z.ZodOptional<z.ZodBoolean>> & {
    emailDigestFrequency: z.ZodOptional<z.ZodEnum<{ DAILY: 'DAILY'; WEEKLY: 'WEEKLY'; OFF: 'OFF' }>>;
  })
  .strict();

/** The signature of an email link: an HMAC-SHA256 in base64url (43 characters). */
const linkHash = textInput().regex(/^[A-Za-z0-9_-]{43}$/, 'This email settings link is not valid.');

/** Spec §2 /me/email-settings/{userId}/{hash} and the setting the email was sent under. */
const signedLink = z.object({
  userId: entityId('user'),
  hash: linkHash,
  setting: z.enum(EMAIL_LINK_SETTINGS),
});

/*
 * The signed procedures are marked `public`: they answer anyone holding a link the server signed for that
 * user, and the signature (checked before anything is read) is the credential, as a gift code is its own key.
 */
export const emailSettingsRouter = router({
  /** The viewer's email settings (spec §3), for the settings section. */
  mine: ownProcedure.query(({ ctx }) => emailSettingsOf(ctx.viewer)),
  /** Saves the viewer's email settings. */
  update: transactionalProcedure
    .meta({ access: 'own' })
    .input(settingsPatch)
    .mutation(({ ctx, input }) => updateEmailSettings(ctx.em, ctx.viewer.id, input)),
  /** The settings a signed email link opens, without signing in; a forged link is not found. */
  signed: openProcedure
    .input(signedLink)
    .query(({ ctx, input }) => signedEmailSettings(ctx.em, ctx.env.emailLinkSecret, input)),
  /** Saves settings through a signed email link. */
  updateSigned: openProcedure
    .input(signedLink.extend({ settings: settingsPatch }))
    .mutation(({ ctx, input }) =>
      updateSignedEmailSettings(ctx.em, ctx.env.emailLinkSecret, input, input.settings),
    ),
  /**
   * Spec §2 /me/unsubscribe-all-newsletters and /me/unsubscribe-all-author-newsletters: signed in, or through a
   * link signed for that setting.
   */
  unsubscribeAll: openProcedure
    .input(
      z.object({
        kind: z.enum(UNSUBSCRIBE_ALL_KINDS),
        userId: entityId('user').optional(),
        hash: linkHash.optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      unsubscribeAll(
        ctx.em,
        ctx.env.emailLinkSecret,
        {
          viewerId: ctx.viewer?.id ?? null,
          link: input.userId && input.hash ? { userId: input.userId, hash: input.hash } : null,
        },
        input.kind,
      ),
    ),
});

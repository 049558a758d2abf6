import {
  accountConvertInput,
  bioSchema,
  newEmailSchema,
  profileColorsSchema,
  profileNameSchema,
  textInput,
  uploadedImageId,
  usernameSchema,
} from '@quire/domain';
import { z } from 'zod';
import { convertAccount, convertLink } from '../services/account/convert';
import { cancelEmailChange, changeEmail } from '../services/account/email';
import {
  accountSettings,
  updatePhoto,
  updateProfile,
  usernameAvailability,
} from '../services/account/profile';
import { setProfileColors } from '../services/account/style';
import { authedProcedure, openProcedure, router, transactionalProcedure } from '../trpc';

/**
 * The signed-in viewer's own account (spec §3 editable account fields, custom style sheet; /me/settings#account,
 * /@{username}/edit, /me/about, /me/design, /me/styles). Each procedure reads or changes the viewer's own rows.
 */
export const accountRouter = router({
  /** The viewer's name, username, bio, photo, email (and one waiting for confirmation) and profile colours. */
  settings: authedProcedure.query(({ ctx }) => accountSettings(ctx.em, ctx.viewer.id)),

  /** Whether the viewer may take a username, checked as they type: the rules, then whether it is taken. */
  usernameAvailability: authedProcedure
    .input(z.object({ username: textInput().max(200) }))
    .query(({ ctx, input }) => usernameAvailability(ctx.em, ctx.viewer.id, input.username)),

  /** Saves the name, bio and username given; a field left out stays as it is. */
  updateProfile: transactionalProcedure
    .input(
      z.object({
        name: profileNameSchema.optional(),
        bio: bioSchema.optional(),
        username: usernameSchema.optional(),
      }),
    )
    .mutation(({ ctx, input }) => updateProfile(ctx.em, ctx.viewer.id, input)),

  /** Sets the profile photo to a square image the viewer uploaded, or removes it (null). */
  updatePhoto: transactionalProcedure
    .input(z.object({ imageId: uploadedImageId.nullable() }))
    .mutation(({ ctx, input }) => updatePhoto(ctx.em, ctx.viewer.id, input.imageId)),

  /** Starts an email change: the new address gets a confirmation link and the address in use is told. */
  changeEmail: transactionalProcedure
    .input(z.object({ email: newEmailSchema }))
    .mutation(({ ctx, input }) => changeEmail(ctx.em, ctx, ctx.viewer.id, input)),

  /** Drops a pending email change. */
  cancelEmailChange: transactionalProcedure.mutation(({ ctx }) =>
    cancelEmailChange(ctx.em, ctx, ctx.viewer.id),
  ),

  /** Spec §3 custom style sheet: the profile page's colours as spec §5 colour strings, or null for the default. */
  setColors: transactionalProcedure
    .input(z.object({ colors: profileColorsSchema.nullable() }))
    .mutation(({ ctx, input }) => setProfileColors(ctx.em, ctx.viewer.id, input.colors)),

  /*
   * /m/account/convert/{token}: the mailed link that adds a password. Open to anyone by nature: the link is its
   * own key (256 random bits, stored as a hash, single use), as a password-reset link is.
   */
  /** The link's state without using it: the address it adds a password for, or why it cannot be used. */
  convertLink: openProcedure
    // Any text up to a size: a malformed link is answered like a forged one, on the page, not as an error.
    .input(z.object({ token: textInput().max(1000) }))
    .query(({ ctx, input }) => convertLink(ctx.em, ctx, input.token)),
  /** Adds the password with the link, which it uses up; nothing changes on a bad link or password. */
  convert: openProcedure.input(accountConvertInput).mutation(({ ctx, input }) => convertAccount(ctx, input)),
});

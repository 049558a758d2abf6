import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CustomStyleSheet, Media, User, UsernameHistory } from '@quire/db';
import { accountTexts, usernameError } from '@quire/domain';
import { purgeCacheTags } from '../cache-purge';
import { lockUntilCommit } from '../locks';
import { fieldError } from './field-errors';
import { profileColorsOf } from './style';

/*
 * Spec §3 editable account fields (name, username, bio, avatar image id) of the signed-in viewer's own account.
 * A username change keeps the old name in the username history, so old profile URLs redirect (301).
 */

/** A LIKE pattern matching `text` literally (usernames may hold '_', a LIKE wildcard). */
const literalLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The profile's own fields (spec §3 editable account fields) as the settings forms and the profile header show them. */
export function profileFields(user: Pick<User, 'id' | 'name' | 'username' | 'bio' | 'imageId'>) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    bio: user.bio,
    imageId: user.imageId ?? null,
  };
}

/** The viewer's settings as the forms show them. */
export async function accountSettings(em: EntityManager, viewerId: string) {
  const user = await em.findOneOrFail(User, viewerId);
  const sheet = await em.findOne(CustomStyleSheet, { user: viewerId });
  return {
    ...profileFields(user),
    email: user.email ?? null,
    unverifiedEmail: user.unverifiedEmail ?? null,
    emailVerified: !!user.emailVerifiedAt,
    colors: sheet ? profileColorsOf(sheet) : null,
  };
}

/** True when no other account has this username (compared without case, as sign-up does). */
async function usernameIsFree(em: EntityManager, username: string, exceptUserId: string) {
  const taken = await em.count(User, {
    username: { $ilike: literalLike(username) },
    id: { $ne: exceptUserId },
  });
  return taken === 0;
}

/** Whether the viewer may take `username`: the rules first, then whether another account has it. */
export async function usernameAvailability(em: EntityManager, viewerId: string, username: string) {
  const wanted = username.trim();
  const malformed = usernameError(wanted);
  if (malformed) return { username: wanted, available: false, message: malformed };
  const viewer = await em.findOneOrFail(User, viewerId, { fields: ['username'] });
  if (viewer.username === wanted)
    return { username: wanted, available: true, message: accountTexts.usernameYours };
  const free = await usernameIsFree(em, wanted, viewerId);
  return {
    username: wanted,
    available: free,
    message: free ? accountTexts.usernameAvailable : accountTexts.usernameTaken,
  };
}

/**
 * Saves the name, bio and username given (a field left out stays as it is). Runs in the caller's transaction:
 * a username another account holds, found by the check or by the unique index when two people race for it,
 * is refused next to the field and nothing is saved.
 */
export async function updateProfile(
  em: EntityManager,
  viewerId: string,
  input: { name?: string | undefined; bio?: string | undefined; username?: string | undefined },
) {
  const user = await em.findOneOrFail(User, viewerId);
  if (input.name !== undefined) user.name = input.name;
  if (input.bio !== undefined) user.bio = input.bio;
  if (input.username !== undefined && input.username !== user.username) {
    const wanted = input.username;
    // The same lock sign-up takes on a username: two changes to one name take turns, and the second sees the first.
    await lockUntilCommit(em, `username:${wanted.toLowerCase()}`);
    if (!(await usernameIsFree(em, wanted, user.id))) {
      throw fieldError('username', accountTexts.usernameTaken, 'CONFLICT');
    }
    em.create(UsernameHistory, { user, username: user.username });
    user.username = wanted;
  }
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw fieldError('username', accountTexts.usernameTaken, 'CONFLICT');
    }
    throw error;
  }
  // Story pages show the writer's name: cached copies go.
  await purgeCacheTags(em, [`user-${user.id}`]);
  return accountSettings(em, viewerId);
}

/**
 * Sets the profile photo to an image the viewer uploaded (POST /_/upload) after cropping it to a square, or
 * removes it (null). Sizes are asked of the image URL builder where the photo is shown.
 */
export async function updatePhoto(em: EntityManager, viewerId: string, imageId: string | null) {
  const user = await em.findOneOrFail(User, viewerId);
  if (imageId !== null) {
    const media = await em.findOne(Media, { storageKey: imageId });
    if (!media || media.uploader?.id !== viewerId) throw fieldError('imageId', accountTexts.photoNotYours);
    if (!media.width || !media.height || Math.abs(media.width - media.height) > 1) {
      throw fieldError('imageId', accountTexts.photoNotSquare);
    }
  }
  user.imageId = imageId;
  await em.flush();
  await purgeCacheTags(em, [`user-${user.id}`]);
  return accountSettings(em, viewerId);
}

/** The username a profile path names now: the current holder's, or the newest owner's after they changed it. */
export async function currentUsernameFor(em: EntityManager, username: string): Promise<string | null> {
  const holder = await em.findOne(User, { username, isDeleted: false }, { fields: ['id'] });
  if (holder) return null;
  const [latest] = await em.find(
    UsernameHistory,
    { username, user: { isDeleted: false } },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 1, populate: ['user'] },
  );
  return latest && latest.user.username !== username ? latest.user.username : null;
}

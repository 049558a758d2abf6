import type { RouterOutputs } from '@quire/api';
import { ACCOUNT_LIMITS, generalTexts, imageUrl, accountTexts as texts, usernameError } from '@quire/domain';
import { Avatar } from '@quire/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import {
  type FormEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useMutation } from '../../lib/mutation';
import { uploadImage } from '../../lib/upload-image';
import { readPreloadedState } from '../../state';
import { useTRPC } from '../../trpc';
import { FormStatus } from './FormStatus';

/*
 * The account section of /me/settings (#account), also the form of /@{username}/edit: name, username (checked as
 * typed), bio, a square photo and the email address (changed through a link mailed to the new one).
 */

export type AccountSettings = RouterOutputs['account']['settings'];

/** Field errors of a refused call (zod's fieldErrors, or the server's check of a field), and any other message. */
export function refusalOf(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (error instanceof TRPCClientError) {
    const data = error.data as
      | { zodError?: { fieldErrors?: Record<string, string[] | undefined> } }
      | undefined;
    const fields: Record<string, string> = {};
    for (const [key, messages] of Object.entries(data?.zodError?.fieldErrors ?? {})) {
      if (messages?.[0]) fields[key] = messages[0];
    }
    if (Object.keys(fields).length) return { fields, message: null };
    if (error.data && error.message) return { fields, message: error.message };
  }
  return { fields: {}, message: texts.somethingWrong };
}

/** The viewer's settings query and a way to replace it with what a mutation answered. */
export function useAccountSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.account.settings.queryOptions());
  const replace = (next: AccountSettings) => {
    queryClient.setQueryData(trpc.account.settings.queryKey(), next);
    // The profile pages show the same fields.
    void queryClient.invalidateQueries({ queryKey: trpc.profiles.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.discovery.pathKey() });
  };
  return { settings, replace };
}

/** A labelled input or text area with its hint and, when refused, its error right under it. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="q-field q-account-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="q-field-hint" aria-live="polite">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="q-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

// ── Name, username and bio ──────────────────────────────────────────────────────────────────

/** The username hint while typing: the rules first, then the server's availability (after a pause). */
function useUsernameCheck(current: string, typed: string) {
  const trpc = useTRPC();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const wanted = settled.trim();
  const localError = typed.trim() === current ? null : usernameError(typed);
  const enabled = wanted !== current && !usernameError(wanted) && wanted === typed.trim();
  const check = useQuery({
    ...trpc.account.usernameAvailability.queryOptions({ username: wanted }),
    enabled,
    staleTime: 5_000,
  });
  if (typed.trim() === current) return { error: null, hint: texts.usernameHint(current) };
  if (localError) return { error: localError, hint: null };
  if (!enabled || !check.data) return { error: null, hint: texts.usernameChecking };
  return check.data.available
    ? { error: null, hint: check.data.message }
    : { error: check.data.message, hint: null };
}

/** Name, username and bio, saved together; only the fields that changed are sent. */
export function ProfileForm({
  settings,
  onSaved,
}: {
  settings: AccountSettings;
  onSaved?: (next: AccountSettings) => void;
}) {
  const trpc = useTRPC();
  const { replace } = useAccountSettings();
  const [name, setName] = useState(settings.name);
  const [username, setUsername] = useState(settings.username);
  const [bio, setBio] = useState(settings.bio);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation(trpc.account.updateProfile.mutationOptions());
  const check = useUsernameCheck(settings.username, username);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    const input: { name?: string; username?: string; bio?: string } = {};
    if (name !== settings.name) input.name = name;
    if (username.trim() !== settings.username) input.username = username.trim();
    if (bio !== settings.bio) input.bio = bio;
    try {
      const next = await save.mutateAsync(input);
      replace(next);
      setName(next.name);
      setUsername(next.username);
      setBio(next.bio);
      setMessage(texts.saved);
      onSaved?.(next);
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    }
  };

  return (
    <form className="q-account-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <Field label={texts.nameLabel} error={errors.name}>
        {(props) => (
          <input
            {...props}
            name="name"
            autoComplete="name"
            value={name}
            maxLength={ACCOUNT_LIMITS.nameMax + 20}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field label={texts.usernameLabel} error={errors.username ?? check.error} hint={check.hint}>
        {(props) => (
          <input
            {...props}
            name="username"
            autoComplete="username"
            spellCheck={false}
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              setErrors(({ username: _, ...rest }) => rest);
            }}
          />
        )}
      </Field>
      <Field label={texts.bioLabel} error={errors.bio} hint={texts.bioHint(bio.trim().length)}>
        {(props) => (
          <textarea {...props} name="bio" rows={3} value={bio} onChange={(e) => setBio(e.target.value)} />
        )}
      </Field>
      <div className="q-settings-actions">
        <button type="submit" className="q-button q-button-dark" disabled={save.isPending}>
          {save.isPending ? texts.saving : texts.saveProfile}
        </button>
        <FormStatus message={message} ok={message === texts.saved} />
      </div>
    </form>
  );
}

// ── Photo ───────────────────────────────────────────────────────────────────────────────────

/** A square region of an image, in the image's own pixels. */
interface Crop {
  x: number;
  y: number;
  size: number;
}

interface Picked {
  file: File;
  url: string;
  width: number;
  height: number;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The largest centred square of an image. */
const centred = (width: number, height: number): Crop => {
  const size = Math.min(width, height);
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), size };
};

/** The chosen square, drawn at most ACCOUNT_LIMITS.photoSide pixels a side, as a PNG or JPEG file. */
async function croppedFile(picked: Picked, crop: Crop): Promise<File> {
  const bitmap = await createImageBitmap(picked.file);
  const side = Math.min(crop.size, ACCOUNT_LIMITS.photoSide);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  canvas.getContext('2d')?.drawImage(bitmap, crop.x, crop.y, crop.size, crop.size, 0, 0, side, side);
  bitmap.close();
  const type = picked.file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob) throw new Error(texts.photoNotAnImage);
  return new File([blob], type === 'image/png' ? 'photo.png' : 'photo.jpg', { type });
}

/** The square chooser: the picture with the square drawn on it, dragged or set by three sliders. */
function Cropper({ picked, crop, onChange }: { picked: Picked; crop: Crop; onChange: (crop: Crop) => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ px: number; py: number; crop: Crop } | null>(null);
  const { width, height } = picked;
  const minSide = Math.max(1, Math.round(Math.min(width, height) / 10));
  const set = (next: Partial<Crop>) => {
    const size = clamp(Math.round(next.size ?? crop.size), minSide, Math.min(width, height));
    onChange({
      size,
      x: clamp(Math.round(next.x ?? crop.x), 0, width - size),
      y: clamp(Math.round(next.y ?? crop.y), 0, height - size),
    });
  };
  const scale = () => width / (frame.current?.clientWidth || width);
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, crop };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    const k = scale();
    set({ x: start.crop.x + (e.clientX - start.px) * k, y: start.crop.y + (e.clientY - start.py) * k });
  };
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  return (
    <div className="q-cropper" data-testid="photo-cropper">
      <div className="q-cropper-frame" ref={frame} role="img" aria-label={texts.photoCropLabel}>
        <img src={picked.url} alt="" draggable={false} />
        <div
          className="q-cropper-square"
          data-testid="crop-square"
          style={{
            left: pct(crop.x, width),
            top: pct(crop.y, height),
            width: pct(crop.size, width),
            height: pct(crop.size, height),
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            drag.current = null;
          }}
        />
      </div>
      <label>
        {texts.photoZoom}
        <input
          type="range"
          min={minSide}
          max={Math.min(width, height)}
          value={crop.size}
          onChange={(e) => set({ size: Number(e.target.value) })}
        />
      </label>
      <label>
        {texts.photoLeft}
        <input
          type="range"
          min={0}
          max={width - crop.size}
          value={crop.x}
          disabled={width === crop.size}
          onChange={(e) => set({ x: Number(e.target.value) })}
        />
      </label>
      <label>
        {texts.photoTop}
        <input
          type="range"
          min={0}
          max={height - crop.size}
          value={crop.y}
          disabled={height === crop.size}
          onChange={(e) => set({ y: Number(e.target.value) })}
        />
      </label>
    </div>
  );
}

/** The photo: pick a file, choose its square, upload the square and make it the profile photo (or remove it). */
export function PhotoField({ settings }: { settings: AccountSettings }) {
  const trpc = useTRPC();
  const { replace } = useAccountSettings();
  const setPhoto = useMutation(trpc.account.updatePhoto.mutationOptions());
  const [picked, setPicked] = useState<Picked | null>(null);
  const [crop, setCrop] = useState<Crop>({ x: 0, y: 0, size: 1 });
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  useEffect(() => () => (picked ? URL.revokeObjectURL(picked.url) : undefined), [picked]);

  const onPick = async (file: File | undefined) => {
    setError(null);
    setStatus(null);
    if (!file) return;
    const maxMb = readPreloadedState(document).config.imageUploadMaxSizeMb;
    if (file.size > maxMb * 1024 * 1024) return setError(texts.photoTooLarge(maxMb));
    try {
      const bitmap = await createImageBitmap(file);
      const { width, height } = bitmap;
      bitmap.close();
      setPicked({ file, url: URL.createObjectURL(file), width, height });
      setCrop(centred(width, height));
    } catch {
      setError(texts.photoNotAnImage);
    }
  };

  const save = async (imageId: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await setPhoto.mutateAsync({ imageId: await imageId() });
      replace(next);
      setPicked(null);
      setStatus(texts.photoSaved);
    } catch (e) {
      const refusal = refusalOf(e);
      setError(
        refusal.fields.imageId ??
          refusal.message ??
          (e instanceof Error && !(e instanceof TRPCClientError) ? e.message : texts.somethingWrong),
      );
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${inputId}-error`;
  return (
    <div className="q-account-photo" data-testid="photo-field">
      <p className="q-field-label">{texts.photoLabel}</p>
      <div className="q-account-photo-row">
        <Avatar name={settings.name} imageId={settings.imageId} size="L" />
        <label className="q-button" htmlFor={inputId}>
          {texts.photoChoose}
        </label>
        <input
          id={inputId}
          className="q-visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            void onPick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {settings.imageId && !picked ? (
          <button
            type="button"
            className="q-link-button"
            disabled={busy}
            onClick={() => save(async () => null)}
          >
            {texts.photoRemove}
          </button>
        ) : null}
      </div>
      {picked ? (
        <>
          <Cropper picked={picked} crop={crop} onChange={setCrop} />
          <div className="q-settings-actions">
            <button
              type="button"
              className="q-button q-button-dark"
              disabled={busy}
              onClick={() => save(async () => (await uploadImage(await croppedFile(picked, crop))).id)}
            >
              {busy ? texts.saving : texts.photoSave}
            </button>
            <button type="button" className="q-link-button" disabled={busy} onClick={() => setPicked(null)}>
              {texts.photoCancel}
            </button>
          </div>
        </>
      ) : null}
      {error ? (
        <p id={errorId} className="q-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <FormStatus message={status} ok />
    </div>
  );
}

/** The photo as profile pages show it, at a size the image URL builder asks for. */
export const photoUrl = (imageId: string, side: number) =>
  imageUrl(imageId, { width: side, height: side, strategy: 'crop' });

// ── Email ───────────────────────────────────────────────────────────────────────────────────

/** Spec §8 'Resend email': sends the confirmation link again and names the address it went to. */
export function ResendVerification({ email }: { email: string | null }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.sendVerificationEmail.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const onResend = async () => {
    setFailed(false);
    try {
      const result = await resend.mutateAsync();
      const to = result.email ?? email;
      if (result.sent && to) setSentTo(to);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  };
  if (sentTo) {
    return (
      <p className="q-account-status" role="status">
        {texts.emailSent(sentTo)}
      </p>
    );
  }
  return (
    <>
      <button type="button" className="q-link-button" disabled={resend.isPending} onClick={onResend}>
        {texts.emailResend}
      </button>
      {failed ? <span className="q-form-error">{generalTexts.tryAgain}</span> : null}
    </>
  );
}

/** The email address: the one in use, one waiting for its link (resend or cancel), and the change form. */
export function EmailField({ settings }: { settings: AccountSettings }) {
  const trpc = useTRPC();
  const { replace } = useAccountSettings();
  const change = useMutation(trpc.account.changeEmail.mutationOptions());
  const cancel = useMutation(trpc.account.cancelEmailChange.mutationOptions());
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const result = await change.mutateAsync({ email });
      replace({ ...settings, unverifiedEmail: result.unverifiedEmail });
      setOpen(false);
      setEmail('');
    } catch (err) {
      const refusal = refusalOf(err);
      setError(refusal.fields.email ?? refusal.message);
    }
  };
  const onCancel = async () => {
    try {
      await cancel.mutateAsync();
      replace({ ...settings, unverifiedEmail: null });
    } catch (err) {
      setError(refusalOf(err).message);
    }
  };

  return (
    <div className="q-account-email" data-testid="email-field">
      <p className="q-field-label">{texts.emailLabel}</p>
      <p data-testid="current-email">
        {settings.email ? texts.emailCurrent(settings.email) : texts.emailNone}
      </p>
      {settings.unverifiedEmail ? (
        <div className="q-settings-notice" data-testid="pending-email">
          <p>{texts.emailPending(settings.unverifiedEmail)}</p>
          <div className="q-settings-actions">
            <ResendVerification email={settings.unverifiedEmail} />
            <button type="button" className="q-link-button" disabled={cancel.isPending} onClick={onCancel}>
              {texts.emailCancel}
            </button>
          </div>
        </div>
      ) : settings.email && !settings.emailVerified ? (
        <div className="q-settings-notice">
          <p>{generalTexts.verifyEmail}</p>
          <ResendVerification email={settings.email} />
        </div>
      ) : null}
      {open ? (
        <form className="q-account-form" onSubmit={onSubmit} noValidate data-testid="email-form">
          <Field label={texts.emailNewLabel} error={error}>
            {(props) => (
              <input
                {...props}
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <div className="q-settings-actions">
            <button type="submit" className="q-button q-button-dark" disabled={change.isPending}>
              {change.isPending ? texts.saving : texts.emailChange}
            </button>
            <button type="button" className="q-link-button" onClick={() => setOpen(false)}>
              {texts.emailCancel}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="q-button" onClick={() => setOpen(true)}>
          {texts.emailChange}
        </button>
      )}
    </div>
  );
}

/** The profile's photo, then its name, username and bio: the account section and /@{username}/edit show both. */
export function ProfileFields({
  settings,
  onSaved,
}: {
  settings: AccountSettings;
  onSaved?: (next: AccountSettings) => void;
}) {
  return (
    <>
      <PhotoField settings={settings} />
      <ProfileForm settings={settings} onSaved={onSaved} />
    </>
  );
}

/** The account section of /me/settings: photo, name, username, bio and email. */
export function AccountSection() {
  const { settings } = useAccountSettings();
  if (!settings.data) return null;
  return (
    <div className="q-account" data-testid="account-settings">
      <p className="q-settings-intro">{texts.sectionIntro}</p>
      <ProfileFields settings={settings.data} />
      <EmailField settings={settings.data} />
    </div>
  );
}

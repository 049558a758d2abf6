/** A settings form's outcome beside its button: the saved note, or the refusal in the error style. */
export function FormStatus({ message, ok }: { message: string | null; ok: boolean }) {
  if (!message) return null;
  return (
    <p className={ok ? 'q-account-status' : 'q-form-error'} role="status">
      {message}
    </p>
  );
}

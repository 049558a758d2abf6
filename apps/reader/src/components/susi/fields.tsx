import { authUiTexts, TIMERS_MS } from '@quire/domain';
import { type HTMLAttributes, useEffect, useId, useRef, useState } from 'react';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'password' | 'tel';
  name?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** Marks the field invalid (aria-invalid and the error outline). */
  invalid?: boolean;
  hint?: string;
}

/** A labelled input of the sign-in forms. */
export function TextField({ label, value, onChange, type = 'text', hint, invalid, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <div className="q-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {hint ? (
        <p id={`${id}-hint`} className="q-field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A field for choosing a password: new-password autocomplete and the §5 hint under it. */
export function NewPasswordField(
  props: Pick<TextFieldProps, 'label' | 'name' | 'value' | 'invalid' | 'onChange'>,
) {
  return <TextField type="password" autoComplete="new-password" hint={authUiTexts.passwordHint} {...props} />;
}

/** The form's error line, announced to screen readers. */
export function FormError({ text }: { text: string | null }) {
  return text ? (
    <p className="q-form-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** The end of a page form: its error line, then its submit button. */
export function FormEnd({
  error,
  label,
  disabled,
}: {
  error: string | null;
  label: string;
  disabled: boolean;
}) {
  return (
    <>
      <FormError text={error} />
      <button type="submit" className="q-button q-button-dark" disabled={disabled}>
        {label}
      </button>
    </>
  );
}

/**
 * True for 400 ms (spec §9 error shake) each time `count` changes after the first render: the form animates
 * a shake on a password error.
 */
export function useShake(count: number): boolean {
  const [shaking, setShaking] = useState(false);
  const first = useRef(count);
  useEffect(() => {
    if (count === first.current) return;
    setShaking(true);
    const timer = setTimeout(() => setShaking(false), TIMERS_MS.errorShake);
    return () => clearTimeout(timer);
  }, [count]);
  return shaking;
}

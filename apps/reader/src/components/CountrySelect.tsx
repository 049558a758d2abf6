import { COUNTRIES, type Country, countryByCode, LAYOUT } from '@quire/domain';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

const dial = (country: Country) => `${country.name} (+${country.dialCode})`;

/**
 * Spec §2 two-factor setup: the country dropdown (name, two-letter code, dial code), at most 250px tall.
 * A listbox rather than a native select, whose menu height cannot be set.
 */
export function CountrySelect({
  label,
  value,
  onChange,
}: {
  label: string;
  /** ISO two-letter code of the selected country. */
  value: string;
  onChange(code: string): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const selected = countryByCode(value) ?? COUNTRIES[0]!;

  useEffect(() => {
    if (!open) return;
    const index = Math.max(0, COUNTRIES.indexOf(selected));
    (listRef.current?.children[index] as HTMLElement | undefined)?.focus();
  }, [open, selected]);

  const choose = (country: Country) => {
    onChange(country.code);
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(listRef.current?.children ?? []) as HTMLElement[];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[Math.min(items.length - 1, Math.max(0, i))]?.focus();
    if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(items.length - 1);
    else if (e.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      const country = COUNTRIES[at];
      if (country) choose(country);
    } else if (/^[a-z]$/i.test(e.key)) {
      // Type-ahead: the next country starting with the letter.
      const letter = e.key.toLowerCase();
      const next = COUNTRIES.findIndex((c, i) => i > at && c.name.toLowerCase().startsWith(letter));
      focus(next === -1 ? COUNTRIES.findIndex((c) => c.name.toLowerCase().startsWith(letter)) : next);
    } else return;
    e.preventDefault();
  };

  return (
    <div className="q-field q-country-select">
      <span id={`${id}-label`} className="q-field-label">
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="q-country-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen(!open)}
      >
        <span id={`${id}-value`}>{dial(selected)}</span>
      </button>
      {open ? (
        <div
          ref={listRef}
          className="q-country-list"
          role="listbox"
          aria-labelledby={`${id}-label`}
          style={{ maxHeight: LAYOUT.countryDropdownMaxHeight }}
          onKeyDown={onListKey}
        >
          {COUNTRIES.map((country) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the list handles the keys for all options.
            <div
              key={country.code}
              role="option"
              tabIndex={-1}
              aria-selected={country.code === selected.code}
              data-code={country.code}
              onClick={() => choose(country)}
            >
              {dial(country)}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

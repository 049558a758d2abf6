/** A link as typed into the toolbar: a bare domain gets https://, anything with a scheme or path stays. */
export function normalizeHref(raw: string): string {
  const value = raw.trim();
  if (!value) return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/') || value.startsWith('#')) return value;
  return `https://${value}`;
}

/** A request body as the Stripe SDK encodes it (`a[b][0][c]=x`), decoded back into nested values. */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

const isIndexKeyed = (object: FormObject) => {
  const keys = Object.keys(object);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
};

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arrays(inner)] as const);
  if (isIndexKeyed(value)) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/[[\]]+/).filter((part) => part !== '');
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (next !== undefined && typeof next === 'object' && !Array.isArray(next)) {
        node = next;
      } else {
        const created: FormObject = {};
        node[part] = created;
        node = created;
      }
    });
  }
  return arrays(root) as FormObject;
}

/** The value at a path of a decoded form, or undefined. */
export function at(form: FormValue | undefined, ...path: (string | number)[]): FormValue | undefined {
  let node: FormValue | undefined = form;
  for (const part of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[String(part)];
  }
  return node;
}

export function text(form: FormValue | undefined, ...path: (string | number)[]): string | undefined {
  const value = at(form, ...path);
  return typeof value === 'string' ? value : undefined;
}

/** String-valued entries only (metadata). */
export function record(form: FormValue | undefined, ...path: (string | number)[]): Record<string, string> {
  const value = at(form, ...path);
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

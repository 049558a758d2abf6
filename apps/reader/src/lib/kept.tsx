import { type ComponentType, createContext, createElement, useContext } from 'react';

/**
 * The server's store of parts rendered once (`../kept-parts.ts`), as a render sees it: `mark` names the part a
 * component and its props render to and returns the marker's key. There is none in the browser.
 */
export interface KeptPartsOfRender {
  mark(name: string, props: object, part: () => ReturnType<typeof createElement>): string;
}

export const KeptPartsContext = createContext<KeptPartsOfRender | null>(null);

/** The element a kept part leaves in the server's HTML until its HTML is put in its place. */
export const KEPT_PART_ELEMENT = 'q-kept';

/**
 * A part of a page that is the same for everyone given the same props, like a story's text: the server renders it
 * once for those props and reuses its HTML; the browser renders `of` as usual. `of` must be a pure function of
 * `props` (no context, no queries) and `props` plain data, for the HTML is kept by a hash of their JSON.
 */
export function Kept<P extends object>({
  name,
  of,
  props,
}: {
  name: string;
  of: ComponentType<P>;
  props: P;
}) {
  const kept = useContext(KeptPartsContext);
  if (!kept) return createElement(of, props);
  return createElement(KEPT_PART_ELEMENT, {
    'data-key': kept.mark(name, props, () => createElement(of, props)),
  });
}

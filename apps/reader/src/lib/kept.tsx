import {
  type ComponentType,
  createContext,
  createElement,
  type ReactElement,
  type ReactNode,
  useContext,
} from 'react';

/**
 * The server's store of parts rendered once (`../kept-parts.ts`), as a render sees it: `mark` names the part a
 * component and its props render to and returns the marker's key. There is none in the browser.
 */
export interface KeptPartsOfRender {
  mark(name: string, props: object, part: () => ReactElement): string;
}

export const KeptPartsContext = createContext<KeptPartsOfRender | null>(null);

/** The element a kept part leaves in the server's HTML until its HTML is put in its place. */
export const KEPT_PART_ELEMENT = 'q-kept';
/** The element a kept part's HTML holds where its slot's content goes. */
export const KEPT_SLOT_ELEMENT = 'q-slot';

const SlotContext = createContext<ReactNode>(null);

/** Where a kept part shows what each page gives it (a reader's own Save button): `Kept`'s children. */
export function KeptSlot() {
  return useContext(SlotContext);
}

/**
 * A part of a page that is the same for everyone given the same props, like a story's text: the server renders it
 * once for those props and reuses its HTML; the browser renders `of` as usual. `of` must be a pure function of
 * `props` (no context, no queries) and `props` plain data, for the HTML is kept by a hash of their JSON. What
 * differs per page (per reader) goes in `children`, rendered with the page where `of` puts a `KeptSlot`; it must be
 * elements, not bare text.
 */
export function Kept<P extends object>({
  name,
  of,
  props,
  children = null,
}: {
  name: string;
  of: ComponentType<P>;
  props: P;
  children?: ReactNode;
}) {
  const kept = useContext(KeptPartsContext);
  if (!kept) return createElement(SlotContext.Provider, { value: children }, createElement(of, props));
  const key = kept.mark(name, props, () =>
    createElement(
      SlotContext.Provider,
      { value: createElement(KEPT_SLOT_ELEMENT) },
      createElement(of, props),
    ),
  );
  return createElement(KEPT_PART_ELEMENT, { 'data-key': key }, children);
}

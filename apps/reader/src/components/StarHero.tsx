import { MemberStarIcon } from '@quire/ui';
import type { ReactNode } from 'react';

/** The head of the membership and gift pages: the member star, a title and one line under it. */
export function StarHero({ title, lead }: { title: ReactNode; lead: ReactNode }) {
  return (
    <header className="q-membership-hero">
      <span className="q-member-star-large" aria-hidden="true">
        <MemberStarIcon size={28} />
      </span>
      <h1>{title}</h1>
      <p className="q-static-lead">{lead}</p>
    </header>
  );
}

/** A short list of what the reader gets, each line ticked. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="q-membership-checklist">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

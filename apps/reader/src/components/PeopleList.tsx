import type { RouterOutputs } from '@quire/api';
import { quireRoutes } from '@quire/domain';
import { Avatar } from '@quire/ui';
import type { ReactNode } from 'react';
import { FollowButton } from './FollowButton';
import { type NextPage, PagedItems } from './LoadMore';

/** A writer in a followers, following, editors or top-writers list. */
export type Person = RouterOutputs['discovery']['profile']['followers']['people'][number];

/** One writer: photo or initials and name (linking to their profile), bio, an optional note and their Follow button. */
export function PersonRow({ person, note }: { person: Person; note?: ReactNode }) {
  return (
    <li className="q-person" data-testid="person">
      <Avatar name={person.name} imageId={person.imageId} size="S" lazy />
      <div className="q-person-text">
        <a className="q-person-name" href={quireRoutes.build('ShowUser', { username: person.username })}>
          {person.name}
        </a>
        {note ? <span className="q-person-note">{note}</span> : null}
        {person.bio ? <p>{person.bio}</p> : null}
      </div>
      <FollowButton
        target={{ kind: 'user', id: person.id, name: person.name }}
        isFollowing={person.isFollowing}
        isSelf={person.isUser}
        followSource="user_list"
      />
    </li>
  );
}

/** A keyset-paged list of writers that loads more on scroll (or with its button). */
export function PeopleList({
  label,
  people,
  empty,
  note,
  next,
}: {
  label: string;
  people: Person[];
  empty: string;
  note?: (person: Person) => ReactNode;
  next?: NextPage;
}) {
  return (
    <section aria-label={label}>
      <PagedItems items={people} empty={empty} listClass="q-people" next={next}>
        {(person) => <PersonRow key={person.id} person={person} note={note?.(person)} />}
      </PagedItems>
    </section>
  );
}

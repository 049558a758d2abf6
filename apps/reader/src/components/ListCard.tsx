import type { ListSummary } from '@quire/api';
import { listTexts, quireRoutes } from '@quire/domain';
import { Avatar } from '@quire/ui';
import { listMeta } from '../pages/page-params';

/** One reader list in a list of lists: its name, description, creator (when `byline`) and story count. */
export function ListCard({ list, byline = false }: { list: ListSummary; byline?: boolean }) {
  return (
    <li className="q-card">
      {byline ? (
        <p className="q-card-byline">
          <a href={quireRoutes.build('ShowUser', { username: list.creator.username })}>
            <Avatar name={list.creator.name} imageId={list.creator.imageId} size="XXXS" lazy />{' '}
            {listTexts.by(list.creator.name)}
          </a>
        </p>
      ) : null}
      <a
        className="q-card-link"
        href={quireRoutes.build('ShowUserList', {
          username: list.creator.username,
          catalogSlugId: list.catalogSlugId,
        })}
      >
        <h2>{list.name}</h2>
        {list.description ? <p>{list.description}</p> : null}
      </a>
      <p className="q-card-meta">{listMeta(list)}</p>
    </li>
  );
}

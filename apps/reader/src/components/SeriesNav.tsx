import type { RouterOutputs } from '@quire/api';
import { seriesTexts } from '@quire/domain';

type StorySeries = NonNullable<Extract<RouterOutputs['posts']['byId'], { __typename: 'Post' }>['series']>;

/** Under a story in a published series: its place in the series, and the stories before and after it. */
export function SeriesNav({ series }: { series: StorySeries }) {
  return (
    <nav className="q-series-nav" aria-label={series.name} data-testid="series-nav">
      <p className="q-card-meta">
        <a href={series.path}>{seriesTexts.partOf(series.position, series.count, series.name)}</a>
      </p>
      {series.next ? (
        <p>
          <span className="q-card-meta">{seriesTexts.nextInSeries}: </span>
          <a href={series.next.mediumUrl}>{series.next.title}</a>
        </p>
      ) : (
        <p className="q-card-meta">{seriesTexts.lastInSeries}</p>
      )}
      {series.previous ? (
        <p className="q-card-meta">
          {seriesTexts.previousInSeries}: <a href={series.previous.mediumUrl}>{series.previous.title}</a>
        </p>
      ) : null}
    </nav>
  );
}

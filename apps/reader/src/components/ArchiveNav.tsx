import { formatMonthYear, quireRoutes } from '@quire/domain';
import type { ArchiveParams } from '../lib/discovery-queries';

/** Not from the spec: the archive's navigation labels. */
export const archiveTexts = {
  all: 'All',
  years: 'Years',
  months: 'Months',
} as const;

/** The years that have stories and, once a year is chosen, that year's months. */
export interface ArchiveIndex {
  years: number[];
  months: number[];
}

/**
 * Spec §2 …/archive[/{year}[/{month}[/{day}]]]: links to the years that have stories and, once a year is chosen,
 * to its months. `route` and `params` name the archive ('ShowTagByTagSlug' with its tagSlug); nothing shows
 * until the index has loaded.
 */
export function ArchiveNav({
  route,
  params,
  index,
  at,
}: {
  route: string;
  params: Record<string, string>;
  index: ArchiveIndex | undefined;
  at: ArchiveParams;
}) {
  if (!index) return null;
  const href = (year?: number, month?: number) =>
    year === undefined
      ? quireRoutes.build(`${route}Archive`, params)
      : month === undefined
        ? quireRoutes.build(`${route}ArchiveByYear`, { ...params, year })
        : quireRoutes.build(`${route}ArchiveByYearByMonth`, {
            ...params,
            year,
            month: String(month).padStart(2, '0'),
          });
  const year = at.year ? Number(at.year) : null;
  const month = at.month ? Number(at.month) : null;
  return (
    <nav className="q-archive-nav" aria-label="Archive">
      <p>
        <a href={href()} aria-current={year === null ? 'page' : undefined}>
          {archiveTexts.all}
        </a>
        {index.years.map((y) => (
          <a key={y} href={href(y)} aria-current={y === year && month === null ? 'page' : undefined}>
            {y}
          </a>
        ))}
      </p>
      {year !== null && index.months.length ? (
        <p>
          {index.months.map((m) => (
            <a key={m} href={href(year, m)} aria-current={m === month ? 'page' : undefined}>
              {formatMonthYear(Date.UTC(year, m - 1, 1))}
            </a>
          ))}
        </p>
      ) : null}
    </nav>
  );
}

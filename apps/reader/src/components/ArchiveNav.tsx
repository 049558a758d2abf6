import { formatMonthYear } from '@quire/domain';

/** Not from the spec: the archive's navigation labels. */
export const archiveTexts = {
  all: 'All',
  years: 'Years',
  months: 'Months',
} as const;

/**
 * Spec §2 …/archive[/{year}[/{month}[/{day}]]]: links to the years that have stories and, once a year is chosen,
 * to its months. `href` builds an archive link from a year and month (both absent: the whole archive).
 */
export function ArchiveNav({
  years,
  months,
  year,
  month,
  href,
}: {
  years: number[];
  months: number[];
  year: number | null;
  month: number | null;
  href: (year?: number, month?: number) => string;
}) {
  return (
    <nav className="q-archive-nav" aria-label="Archive">
      <p>
        <a href={href()} aria-current={year === null ? 'page' : undefined}>
          {archiveTexts.all}
        </a>
        {years.map((y) => (
          <a key={y} href={href(y)} aria-current={y === year && month === null ? 'page' : undefined}>
            {y}
          </a>
        ))}
      </p>
      {year !== null && months.length ? (
        <p>
          {months.map((m) => (
            <a key={m} href={href(year, m)} aria-current={m === month ? 'page' : undefined}>
              {formatMonthYear(Date.UTC(year, m - 1, 1))}
            </a>
          ))}
        </p>
      ) : null}
    </nav>
  );
}

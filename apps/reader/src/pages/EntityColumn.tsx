import type { ReactNode } from 'react';
import { NotFoundPage } from './NotFoundPage';

/**
 * The column of a profile's, publication's or topic's page: the 404 page when its header query failed (nothing
 * has that name, or its owner blocked the viewer), an empty column while it loads, then the page itself.
 */
export function EntityColumn<T>({
  isError,
  entity,
  testId,
  children,
}: {
  isError: boolean;
  entity: T | undefined;
  testId: string;
  children: (entity: T) => ReactNode;
}) {
  if (isError) return <NotFoundPage />;
  if (!entity) return <main className="q-column" />;
  return (
    <main className="q-column" data-testid={testId}>
      {children(entity)}
    </main>
  );
}

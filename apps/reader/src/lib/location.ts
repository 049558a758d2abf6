import { useSearch, useLocation as useWouterLocation } from 'wouter';

/** Where the page is: its path and its query string ('?…', or '' without one), from the router (wouter). */
export function usePageLocation(): { pathname: string; search: string } {
  const [pathname] = useWouterLocation();
  const search = useSearch();
  return { pathname, search: search ? `?${search}` : '' };
}

/** Moves the app to another path and query in the same document (history.pushState). */
export function useNavigate(): (to: string) => void {
  return useWouterLocation()[1];
}

export { useSearchParams } from 'wouter';

/** Tabs that are links (each tab has its own path), the current one marked for assistive technology. */
export function TabNav<K extends string>({
  label,
  tabs,
  current,
  names,
  href,
}: {
  label: string;
  tabs: readonly K[];
  current: K;
  names: Record<K, string>;
  href: (tab: K) => string;
}) {
  return (
    <nav className="q-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <a key={tab} href={href(tab)} aria-current={tab === current ? 'page' : undefined}>
          {names[tab]}
        </a>
      ))}
    </nav>
  );
}

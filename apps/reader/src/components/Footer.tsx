import { track } from '@quire/client-state';
import { appStoreBadgeTexts, footerTexts } from '@quire/domain';

/** Spec §2 footer links, in order (Writers and About clicks are tracked). */
export const footerLinks = [
  { key: 'help', href: '/help' },
  { key: 'status', href: '/status' },
  { key: 'writers', href: '/creators', tracked: true },
  { key: 'blog', href: '/blog' },
  { key: 'careers', href: '/jobs' },
  { key: 'privacy', href: '/privacy' },
  { key: 'terms', href: '/m/tos' },
  { key: 'about', href: '/about', tracked: true },
  { key: 'textToSpeech', href: '/text-to-speech' },
] as const satisfies readonly { key: keyof typeof footerTexts; href: string; tracked?: boolean }[];

/** Spec §2 footer. Tracked links send nav.clicked with their name (spec §7 analytics). */
export function Footer() {
  return (
    <footer className="q-footer">
      <nav className="q-footer-nav" aria-label="Footer">
        {footerLinks.map((l) => (
          <a
            key={l.key}
            href={l.href}
            onClick={'tracked' in l && l.tracked ? () => track('nav.clicked', { name: l.key }) : undefined}
          >
            {footerTexts[l.key]}
          </a>
        ))}
      </nav>
    </footer>
  );
}

/** Spec §2: the minimal footer's links on the sign-up surface, in order. */
export const minimalFooterLinks = [
  { key: 'about', href: '/about' },
  { key: 'help', href: '/help' },
  { key: 'terms', href: '/m/tos' },
  { key: 'privacy', href: '/privacy' },
] as const satisfies readonly { key: keyof typeof footerTexts; href: string }[];

/** Spec §2: the sign-up surface's minimal footer (About, Help, Terms, Privacy) with app-store badges. */
export function MinimalFooter() {
  return (
    <footer className="q-footer q-footer-minimal" data-testid="minimal-footer">
      <nav className="q-footer-links">
        {minimalFooterLinks.map((l) => (
          <a key={l.key} href={l.href}>
            {footerTexts[l.key]}
          </a>
        ))}
      </nav>
      <div className="q-app-badges">
        {/* The apps' store pages go through the app landing page, which knows the platform. */}
        <a className="q-app-badge" href="/m/app?store=apple">
          {appStoreBadgeTexts.appStore}
        </a>
        <a className="q-app-badge" href="/m/app?store=google">
          {appStoreBadgeTexts.googlePlay}
        </a>
      </div>
    </footer>
  );
}

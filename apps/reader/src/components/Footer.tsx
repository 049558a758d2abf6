import { footerTexts } from '@quire/domain';

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

/** Spec §2 footer. Tracked links carry their name for the nav.clicked event (spec §7 analytics). */
export function Footer() {
  return (
    <footer className="q-footer" style={{ padding: '24px', borderTop: '1px solid #f2f2f2', marginTop: 48 }}>
      <nav style={{ display: 'flex', flexWrap: 'wrap', gap: 16, fontSize: 13 }}>
        {footerLinks.map((l) => (
          <a
            key={l.key}
            href={l.href}
            data-track={'tracked' in l && l.tracked ? `nav.clicked:${l.key}` : undefined}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            {footerTexts[l.key]}
          </a>
        ))}
      </nav>
    </footer>
  );
}

import { useEffect, useState } from 'react';
import { type StaticPageName, staticHeads } from '../content/static-heads';
import { staticPages } from '../content/static-pages';

/** One of Quire's own pages (about, help, terms…): its title, lead and sections, each heading linkable. */
export function StaticPage({ name }: { name: StaticPageName }) {
  const { title } = staticHeads[name];
  const page = staticPages[name];
  return (
    <main className="q-column q-static-page">
      <h1>{title}</h1>
      <p className="q-static-lead">{page.lead}</p>
      {name === 'status' ? <ServiceStatus /> : null}
      {page.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.links?.length ? (
            <ul className="q-static-links">
              {section.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {page.updated ? <p className="q-static-updated">{`Last updated ${page.updated}`}</p> : null}
    </main>
  );
}

type Health = 'checking' | 'up' | 'down';

const healthTexts: Record<Health, string> = {
  checking: 'Checking the service…',
  up: 'All systems are working.',
  down: 'The service is having trouble reaching its database. We are on it; please try again shortly.',
};

/** The service's state, read from /_/health when the page opens (the server render says it is checking). */
function ServiceStatus() {
  const [health, setHealth] = useState<Health>('checking');
  useEffect(() => {
    let live = true;
    fetch('/_/health', { cache: 'no-store' })
      .then((res) => res.json() as Promise<{ ok?: boolean }>)
      .then((body) => live && setHealth(body.ok ? 'up' : 'down'))
      .catch(() => live && setHealth('down'));
    return () => {
      live = false;
    };
  }, []);
  return (
    <p className={`q-status q-status-${health}`} role="status" data-testid="service-status">
      {healthTexts[health]}
    </p>
  );
}

import { Link, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { EmailLayout } from '../src/email-layout';
import { renderEmail } from '../src/render-email';

/*
 * renderEmail gives what React Email's render gives, in both parts (less the streaming renderer's markers), for a
 * tree like the mailed ones: the layout with its preview text, an open pixel (an image React may want to preload), links, sections and texts needing
 * escapes.
 */
const email = (pixel: string | null) => (
  <EmailLayout
    preview="This week: five stories & a note"
    footerWhy={'You follow "Writers" <on Quire>.'}
    footerLinks={[{ label: 'Unsubscribe', href: 'https://quire.test/u?a=1&b=2' }]}
    pixelUrl={pixel}
  >
    <Section>
      <Text style={{ fontSize: '18px', fontWeight: 700 }}>
        <Link href="https://quire.test/@w/a-story-1">A story about &amp; and “quotes”</Link>
      </Text>
      <Text>By Someone · 4 min read</Text>
    </Section>
  </EmailLayout>
);

describe('renderEmail', () => {
  it('gives the HTML and plain text React Email’s render gives', async () => {
    for (const pixel of [null, 'https://quire.test/_/newsletter/open/d1/sig.gif']) {
      const element = email(pixel);
      const mine = renderEmail(element);
      // The streaming renderer also writes its Suspense and hoisting markers (<!--$-->, <!--html-->…) into the
      // document; the static one has none, and nothing else differs.
      const theirs = await render(element);
      expect(theirs).toMatch(/<!--(\$|html|head|body|\/\$)-->/);
      expect(mine.html).toBe(theirs.replace(/<!--(\$|html|head|body|\/\$)-->/g, ''));
      expect(mine.text).toBe(await render(element, { plainText: true }));
      expect(mine.html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"')).toBe(
        true,
      );
      expect(mine.html).not.toMatch(/rel="preload"/);
    }
  });
});

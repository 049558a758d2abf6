import { describe, expect, it } from 'vitest';
import { type NewsletterIssueView, renderNewsletterEmail } from '../src/newsletter-email';
import {
  fillNewsletterTemplate,
  type NewsletterLinkSlot,
  renderNewsletterTemplate,
} from '../src/newsletter-template';
import { escapeHtml } from '../src/paragraphs-html';

/*
 * An issue rendered once with placeholders and filled per recipient is the same email as rendering that
 * recipient's copy directly, in both parts, whatever the links contain.
 */

/** A recipient's links, with characters HTML must escape and a story link inside a heading (uppercased in text). */
const urlFor = (recipient: string) => (slot: NewsletterLinkSlot) =>
  slot.kind === 'click'
    ? `https://quire.test/_/newsletter/click/${recipient}/sig?url=${encodeURIComponent(slot.target)}&x="<'>`
    : `https://quire.test/${slot.kind}/${recipient}?a=1&b=2`;

const view = (link: (slot: NewsletterLinkSlot) => string): NewsletterIssueView => ({
  newsletterName: 'The Letter',
  title: 'A title',
  subtitle: 'A subtitle',
  byline: 'By Someone',
  storyUrl: link({ kind: 'click', target: 'https://quire.test/@someone/a-title-1' }),
  bodyHtml: [
    // As paragraphsHtml writes links: escaped.
    `<p>Read <a href="${escapeHtml(link({ kind: 'click', target: 'https://example.com/a?b=c' }))}">this</a> first.</p>`,
    `<h3>Also <a href="${escapeHtml(link({ kind: 'click', target: 'https://example.com/h' }))}">here</a></h3>`,
  ].join(''),
  locked: false,
  unsubscribeUrl: link({ kind: 'unsubscribe' }),
  manageUrl: link({ kind: 'manage' }),
  pixelUrl: link({ kind: 'open' }),
});

describe('newsletter templates', () => {
  it('fills each recipient’s links into one rendering, as a direct render of their copy would have them', async () => {
    const template = await renderNewsletterTemplate((link) => view(link));
    expect(template.slots.map((s) => s.kind)).toEqual([
      'click',
      'click',
      'click',
      'unsubscribe',
      'manage',
      'open',
    ]);
    for (const recipient of ['d1', 'd2']) {
      const filled = fillNewsletterTemplate(template, urlFor(recipient));
      const direct = await renderNewsletterEmail(view(urlFor(recipient)));
      // React writes an apostrophe as &#x27;, escapeHtml as &#39;: the same character.
      expect(filled.html).toBe(direct.html.replaceAll('&#x27;', '&#39;'));
      expect(filled.text).toBe(direct.text);
      expect(filled.html).not.toMatch(/QLINK/);
      expect(filled.text).toContain(`https://quire.test/unsubscribe/${recipient}?a=1&b=2`);
      expect(filled.html).toContain(`https://quire.test/unsubscribe/${recipient}?a=1&amp;b=2`);
    }
  });

  it('leaves text that merely looks like a placeholder alone', async () => {
    const template = await renderNewsletterTemplate((link) => ({
      ...view(link),
      bodyHtml: '<p>QLINK0000000000000000X0Q stays.</p>',
    }));
    const { html, text } = fillNewsletterTemplate(template, urlFor('d1'));
    expect(html).toContain('QLINK0000000000000000X0Q stays.');
    expect(text).toContain('QLINK0000000000000000X0Q stays.');
  });
});

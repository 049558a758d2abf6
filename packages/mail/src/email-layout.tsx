import { Body, Container, Head, Hr, Html, Img, Link, Preview, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/*
 * The frame every React Email message of ours shares (newsletter issues, digests): inline styles only (mail
 * clients drop <style>), a preview line, the content, and a footer saying why it came with its links.
 */

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif';
export const emailStyles = {
  body: { backgroundColor: '#ffffff', color: '#242424', fontFamily: font, margin: 0 },
  container: { maxWidth: '640px', padding: '24px 16px' },
  eyebrow: { fontSize: '14px', color: '#6b6b6b', margin: '0 0 16px' },
  title: { fontSize: '28px', lineHeight: '34px', fontWeight: 700, margin: '0 0 8px', color: '#242424' },
  subtitle: { fontSize: '18px', lineHeight: '26px', color: '#6b6b6b', margin: '0 0 8px' },
  byline: { fontSize: '14px', color: '#6b6b6b', margin: '0 0 24px' },
  plainLink: { color: '#242424', textDecoration: 'none' },
  button: {
    display: 'inline-block',
    backgroundColor: '#1a8917',
    color: '#ffffff',
    borderRadius: '99px',
    padding: '10px 20px',
    fontSize: '15px',
    textDecoration: 'none',
  },
  footer: { fontSize: '13px', lineHeight: '20px', color: '#6b6b6b', margin: '0 0 8px' },
  link: { color: '#6b6b6b', textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

/** A link of the footer, e.g. the signed unsubscribe link. */
export interface FooterLink {
  href: string;
  label: string;
}

export function EmailLayout({
  preview,
  footerWhy,
  footerLinks,
  pixelUrl = null,
  children,
}: {
  preview: string | null;
  footerWhy: string;
  footerLinks: FooterLink[];
  /** An open pixel, when the sender counts opens. */
  pixelUrl?: string | null;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      {preview ? <Preview>{preview}</Preview> : null}
      <Body style={emailStyles.body}>
        <Container style={emailStyles.container}>
          {children}
          <Hr style={{ borderColor: '#e6e6e6', margin: '24px 0' }} />
          <Text style={emailStyles.footer}>{footerWhy}</Text>
          {footerLinks.length ? (
            <Text style={emailStyles.footer}>
              {footerLinks.map((l, i) => (
                <span key={l.href + l.label}>
                  {i ? ' · ' : null}
                  <Link href={l.href} style={emailStyles.link}>
                    {l.label}
                  </Link>
                </span>
              ))}
            </Text>
          ) : null}
          {pixelUrl ? <Img src={pixelUrl} width="1" height="1" alt="" /> : null}
        </Container>
      </Body>
    </Html>
  );
}

import { toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** The doctype React Email's `render` puts before every email. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** React hoists `<link rel="preload" as="image">` for pictures; a mail client has no use for them. */
const withoutImagePreloads = (html: string) =>
  html.replace(/<link\b[^>]*>/gi, (tag) =>
    /\brel="preload"/i.test(tag) && /\bas="image"/i.test(tag) ? '' : tag,
  );

/**
 * An email's HTML and plain-text parts from one render: the document and text React Email's `render` gives (its
 * doctype, its plain-text conversion) without the streaming renderer's comment markers, made with React's static
 * renderer. `render` goes through the
 * streaming renderer, which kept 50–150 KB of heap per call after a full collection, and a digest run renders once
 * per reader; the static renderer keeps nothing, and one render serves both parts.
 */
export function renderEmail(element: ReactElement): { html: string; text: string } {
  const markup = withoutImagePreloads(renderToStaticMarkup(element));
  return { html: XHTML_DOCTYPE + markup.replace(/<!DOCTYPE.*?>/, ''), text: toPlainText(markup) };
}

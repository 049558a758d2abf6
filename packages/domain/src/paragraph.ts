import { z } from 'zod';
import { ImageDisplayMode, MarkupType, ParagraphType } from './enums';
import { storableText, textInput } from './text-input';

/** Spec §3 markup: a typed span over a paragraph's text, by UTF-16 offsets [start, end). */
export const markupSchema = z
  .object({
    type: z.enum(MarkupType),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    /** Link target for A. */
    href: textInput().max(2048).optional(),
    /** Mentioned user for A links that point at a profile. */
    userId: textInput().max(16).optional(),
    /** Link title attribute. */
    title: textInput().max(300).optional(),
  })
  .refine((m) => m.end >= m.start, { message: 'Markup end must not precede its start.' });
export type Markup = z.infer<typeof markupSchema>;

/** Image metadata of an IMG paragraph (spec §3 image display modes). */
export const imageMetadataSchema = z.object({
  id: textInput().min(1).max(200),
  originalWidth: z.number().int().positive().optional(),
  originalHeight: z.number().int().positive().optional(),
  alt: textInput().max(1000).optional(),
  focusPercentX: z.number().min(0).max(100).optional(),
  focusPercentY: z.number().min(0).max(100).optional(),
});
export type ImageMetadata = z.infer<typeof imageMetadataSchema>;

/** Embed metadata of an IFRAME paragraph (spec §5 iframe rule). */
export const iframeMetadataSchema = z.object({
  src: z.url().check(storableText).max(2048),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  title: textInput().max(300).optional(),
});
export type IframeMetadata = z.infer<typeof iframeMetadataSchema>;

/** Link-card metadata of a MIXTAPE_EMBED paragraph. */
export const mixtapeMetadataSchema = z.object({
  href: z.url().check(storableText).max(2048),
  title: textInput().max(300).optional(),
  description: textInput().max(1000).optional(),
  thumbnailImageId: textInput().max(200).optional(),
});
export type MixtapeMetadata = z.infer<typeof mixtapeMetadataSchema>;

/** Spec §3 paragraph: the stored unit of story content, with a stable name for highlights and notes. */
export const paragraphSchema = z.object({
  name: textInput().min(1).max(16),
  type: z.enum(ParagraphType),
  text: textInput().max(100_000),
  markups: z.array(markupSchema).max(2000).default([]),
  layout: z.enum(ImageDisplayMode).optional(),
  metadata: imageMetadataSchema.optional(),
  iframe: iframeMetadataSchema.optional(),
  mixtapeMetadata: mixtapeMetadataSchema.optional(),
  codeBlockLanguage: textInput().max(40).optional(),
  hasDropCap: z.boolean().optional(),
});
export type Paragraph = z.infer<typeof paragraphSchema>;

/** A story's body: its ordered paragraphs (the paragraph model the reader renders without ProseMirror). */
export const postContentSchema = z.object({
  paragraphs: z.array(paragraphSchema).max(20_000),
});
export type PostContent = z.infer<typeof postContentSchema>;

/** Plain text of a story's paragraphs, for previews, search and word counts. */
export function contentText(content: PostContent): string {
  return content.paragraphs
    .filter((p) => p.type !== 'IMG' && p.type !== 'HR' && p.type !== 'IFRAME')
    .map((p) => p.text)
    .join('\n');
}

/** Minutes to read at 265 words a minute plus 12 s per image, rounded up, at least 1. */
export function readingTimeMinutes(content: PostContent): number {
  const words = contentText(content).split(/\s+/).filter(Boolean).length;
  const images = content.paragraphs.filter((p) => p.type === 'IMG').length;
  return Math.max(1, Math.ceil(words / 265 + (images * 12) / 60));
}

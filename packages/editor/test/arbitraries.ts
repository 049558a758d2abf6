// fast-check arbitraries for stored paragraphs and for editor documents.

import {
  ImageDisplayMode,
  type Markup,
  MarkupType,
  type Paragraph,
  ParagraphType,
  type PostContent,
} from '@quire/domain';
import fc from 'fast-check';
import { Mark, type Node as PMNode, type Schema } from 'prosemirror-model';

/** Characters worth mixing: ASCII, accents, CJK, astral letters, emoji (ZWJ, flags), combining marks, '\n'. */
const commonUnit = fc.constantFrom('a', 'b', 'z', ' ', '.', 'é', 'ß', '中', '"', '<', '&');
const astralUnit = fc.constantFrom('😀', '👩‍💻', '𝒜', '🇫🇷', '\u0301', '\u200d', '🏳️‍🌈');
const anyUnit = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

const textUnit = (withNewlines: boolean) =>
  fc.oneof(
    { weight: 6, arbitrary: commonUnit },
    { weight: 3, arbitrary: astralUnit },
    { weight: 1, arbitrary: anyUnit.filter((c) => withNewlines || !c.includes('\n')) },
    { weight: withNewlines ? 1 : 0, arbitrary: fc.constant('\n') },
  );

/** Text as a paragraph holds it ('\n' is a line break). */
export const textArb = (maxLength = 24) => fc.string({ unit: textUnit(true), maxLength });

const nonEmptyInlineText = fc.string({ unit: textUnit(false), minLength: 1, maxLength: 8 });

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const markupArb = (textLength: number): fc.Arbitrary<Markup> =>
  fc
    .record({
      type: fc.constantFrom(...MarkupType),
      // Past the end on purpose: normalisation clamps.
      a: fc.integer({ min: 0, max: textLength + 2 }),
      b: fc.integer({ min: 0, max: textLength + 2 }),
      href: opt(fc.constantFrom('https://a.example/', 'https://b.example/x?y=1', '/@someone', '')),
      title: opt(fc.constantFrom('t', 'Title')),
      userId: opt(fc.constantFrom('u1', 'u2')),
    })
    .map(({ a, b, href, title, userId, type }) => {
      const m: Markup = { type, start: Math.min(a, b), end: Math.max(a, b) };
      if (href !== undefined) m.href = href;
      if (title !== undefined) m.title = title;
      if (userId !== undefined) m.userId = userId;
      return m;
    });

const nameArb = fc.stringMatching(/^[0-9a-f]{4,8}$/);

const imageMetadataArb = fc.record(
  {
    id: fc.stringMatching(/^[a-z0-9]{1,12}$/),
    originalWidth: fc.integer({ min: 1, max: 6000 }),
    originalHeight: fc.integer({ min: 1, max: 6000 }),
    alt: fc.string({ maxLength: 10 }),
    focusPercentX: fc.integer({ min: 0, max: 100 }),
    focusPercentY: fc.double({ min: 0, max: 100, noNaN: true }),
  },
  { requiredKeys: ['id'] },
);

const iframeArb = fc.record(
  {
    src: fc.constantFrom(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/1',
    ),
    width: fc.integer({ min: 1, max: 2000 }),
    height: fc.integer({ min: 1, max: 2000 }),
    title: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: ['src'] },
);

const mixtapeArb = fc.record(
  {
    href: fc.webUrl(),
    title: fc.string({ maxLength: 10 }),
    description: fc.string({ maxLength: 10 }),
    thumbnailImageId: fc.stringMatching(/^[a-z0-9]{1,8}$/),
  },
  { requiredKeys: ['href'] },
);

/** One stored paragraph of any type, with random extra fields (some meaningless for its type). */
export const paragraphArb: fc.Arbitrary<Paragraph> = fc
  .record({
    name: nameArb,
    type: fc.constantFrom(...ParagraphType),
    text: textArb(),
    extra: fc.record(
      {
        layout: fc.constantFrom(...ImageDisplayMode),
        metadata: imageMetadataArb,
        iframe: iframeArb,
        mixtapeMetadata: mixtapeArb,
        codeBlockLanguage: fc.constantFrom('ts', 'python', ''),
        hasDropCap: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  })
  .chain(({ name, type, text, extra }) =>
    fc
      .array(markupArb(text.length), { maxLength: 8 })
      .map((markups): Paragraph => ({ name, type, text, markups, ...extra })),
  );

/** Story content: 1–15 paragraphs with distinct names (list runs arise by chance and by the type bias). */
export const contentArb: fc.Arbitrary<PostContent> = fc
  .uniqueArray(paragraphArb, { selector: (p) => p.name, minLength: 1, maxLength: 15 })
  .map((paragraphs) => ({ paragraphs }));

// ---------------------------------------------------------------------------------------------------------
// Editor documents
// ---------------------------------------------------------------------------------------------------------

const MARK_NAMES = [
  'strong',
  'em',
  'code',
  'underline',
  'strike',
  'highlight',
  'comment',
  'query',
  'quote',
  'warning',
];

const linkAttrsArb = fc.record({
  href: fc.option(fc.constantFrom('https://a.example/', 'https://b.example/', ''), { nil: null }),
  title: fc.option(fc.constantFrom('x', 'y'), { nil: null }),
  userId: fc.option(fc.constantFrom('u1'), { nil: null }),
});

const marksArb = (schema: Schema) =>
  fc
    .record({ names: fc.subarray(MARK_NAMES), link: fc.option(linkAttrsArb, { nil: null }) })
    .map(({ names, link }) => {
      const marks = names.map((n) => schema.marks[n]!.create());
      if (link) marks.push(schema.marks.link!.create(link));
      return Mark.setFrom(marks);
    });

/** Inline content: text runs and hard breaks, each with a random mark set. */
const inlineArb = (schema: Schema) =>
  fc.array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(nonEmptyInlineText, marksArb(schema)).map(([t, m]) => schema.text(t, m)),
      },
      { weight: 1, arbitrary: marksArb(schema).map((m) => schema.nodes.hard_break!.create(null, null, m)) },
    ),
    { maxLength: 6 },
  );

type BlockMaker = (name: () => string) => PMNode;

const blockArb = (schema: Schema): fc.Arbitrary<BlockMaker> => {
  const n = schema.nodes;
  const inline = inlineArb(schema);
  const textblock = (type: string, attrs: fc.Arbitrary<object> = fc.constant({})) =>
    fc.tuple(inline, attrs).map(
      ([content, a]): BlockMaker =>
        (name) =>
          n[type]!.create({ ...a, name: name() }, content),
    );
  const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  return fc.oneof(
    textblock('paragraph', fc.record({ hasDropCap: nullable(fc.boolean()) })),
    textblock('heading', fc.record({ level: fc.integer({ min: 1, max: 4 }) })),
    textblock('blockquote'),
    textblock('pullquote'),
    textblock('section_caption'),
    textblock('cover_title'),
    fc.tuple(textArb(), nullable(fc.constantFrom('ts', 'rust'))).map(
      ([text, language]): BlockMaker =>
        (name) =>
          n.code_block!.create({ name: name(), language }, text ? schema.text(text) : null),
    ),
    fc
      .tuple(fc.constantFrom('ordered_list', 'bullet_list'), fc.array(inline, { minLength: 1, maxLength: 4 }))
      .map(
        ([type, items]): BlockMaker =>
          (name) =>
            n[type]!.create(
              null,
              items.map((content) => n.list_item!.create({ name: name() }, content)),
            ),
      ),
    fc.constant<BlockMaker>((name) => n.horizontal_rule!.create({ name: name() })),
    fc
      .tuple(
        inline,
        fc.constantFrom(...ImageDisplayMode),
        nullable(
          fc.record({
            id: fc.stringMatching(/^[a-z0-9]{1,8}$/),
            width: nullable(fc.integer({ min: 1, max: 4000 })),
            height: nullable(fc.integer({ min: 1, max: 4000 })),
            alt: nullable(fc.string({ maxLength: 6 })),
            focusPercentX: nullable(fc.integer({ min: 0, max: 100 })),
            focusPercentY: nullable(fc.integer({ min: 0, max: 100 })),
          }),
        ),
      )
      .map(
        ([content, layout, meta]): BlockMaker =>
          (name) =>
            n.image!.create({ name: name(), layout, ...(meta ?? {}) }, content),
      ),
    nullable(
      fc.record({
        src: fc.constant('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'),
        width: nullable(fc.integer({ min: 1, max: 2000 })),
        height: nullable(fc.integer({ min: 1, max: 2000 })),
        title: nullable(fc.string({ maxLength: 6 })),
      }),
    ).map(
      (attrs): BlockMaker =>
        (name) =>
          n.iframe!.create({ name: name(), ...(attrs ?? {}) }),
    ),
    nullable(
      fc.record({
        href: fc.webUrl(),
        title: nullable(fc.string({ maxLength: 6 })),
        description: nullable(fc.string({ maxLength: 6 })),
        thumbnailImageId: nullable(fc.constantFrom('img1')),
      }),
    ).map(
      (attrs): BlockMaker =>
        (name) =>
          n.mixtape!.create({ name: name(), ...(attrs ?? {}) }),
    ),
  );
};

/**
 * A valid editor document: a title and 1–10 random blocks with distinct names. Adjacent lists of one type are
 * merged, as the editor's plugin does (the paragraph model cannot tell them apart).
 */
export const docArb = (schema: Schema): fc.Arbitrary<PMNode> =>
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.array(blockArb(schema), { minLength: 1, maxLength: 10 }))
    .map(([title, makers]) => {
      let counter = 0;
      const name = () => (0x1000 + counter++).toString(16);
      const blocks: PMNode[] = [];
      for (const make of makers) {
        const block = make(name);
        const prev = blocks[blocks.length - 1];
        if (prev && block.type === prev.type && block.type.name.endsWith('_list')) {
          blocks[blocks.length - 1] = prev.copy(prev.content.append(block.content));
        } else {
          blocks.push(block);
        }
      }
      const titleNode = schema.nodes.title!.create(null, title ? schema.text(title) : null);
      return schema.topNodeType.create(null, [titleNode, ...blocks]);
    });

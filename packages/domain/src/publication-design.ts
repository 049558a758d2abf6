/*
 * A publication's design (spec §2 /{collectionSlug}/design, /styles, /edit; §3 "Publication design": header
 * scales, name treatment, tagline treatment, colour display, font sets; §5 colour strings). The spec gives no
 * sizes, typefaces or wording for it: those, and every word here, are ours. Kept apart from its input schema
 * (publication-design-input.ts) so the pages that only show a design load no validation library.
 */

import { cssColor } from './account-settings';
import { parseColorString, type Rgba } from './color-string';
import type {
  ColorDisplay,
  FontSet,
  HeaderScale,
  HomeLayout,
  NameTreatment,
  TaglineTreatment,
} from './enums';

/** Spec §3 publication design: what the design form edits, colours as stored (8-digit alpha-first hex). */
export interface PublicationDesignFields {
  headerScale: HeaderScale;
  nameTreatment: NameTreatment;
  taglineTreatment: TaglineTreatment;
  colorDisplay: ColorDisplay;
  fontSet: FontSet;
  /** The header's background; null: the page's own. */
  backgroundColor: string | null;
  /** Links, buttons and tabs; null: the design system's accent. */
  tintColor: string | null;
  headerImageId: string | null;
  /** How its homepage lays out stories. */
  homeLayout: HomeLayout;
}

/** The design a new publication has (the collections table's column defaults), and what Reset goes back to. */
export const DEFAULT_PUBLICATION_DESIGN: PublicationDesignFields = {
  headerScale: 'MEDIUM',
  nameTreatment: 'TEXT',
  taglineTreatment: 'HEADER',
  colorDisplay: 'SOLID',
  fontSet: 'SERIF_1',
  backgroundColor: null,
  tintColor: null,
  headerImageId: null,
  homeLayout: 'STREAM',
};

/** The SECTIONS homepage: featured stories across the top, then this many tabs with this many stories each. */
export const HOME_SECTIONS = { featuredMax: 3, tabsMax: 4, storiesPerTab: 3 } as const;

/** Each font set's CSS font stack, on the design system's font variables (packages/ui tokens.css). */
export const PUBLICATION_FONT_STACKS: Readonly<Record<FontSet, string>> = {
  SANS_SERIF_1: 'var(--q-font-sans)',
  SANS_SERIF_2: '"Avenir Next", Avenir, "Nunito Sans", "Trebuchet MS", var(--q-font-sans)',
  SERIF_1: 'var(--q-font-serif)',
  SERIF_2: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", var(--q-font-serif)',
};

/** Each header scale's sizes: the name's type size, the header's padding, the header image's and logo's height. */
const HEADER_SCALES: Readonly<
  Record<HeaderScale, { title: string; space: string; image: string; logo: string }>
> = {
  SMALL: { title: 'var(--q-fs-xl)', space: 'var(--q-space-2)', image: '120px', logo: '48px' },
  MEDIUM: { title: 'var(--q-fs-2xl)', space: 'var(--q-space-4)', image: '200px', logo: '72px' },
  LARGE: { title: 'var(--q-fs-3xl)', space: 'var(--q-space-10)', image: '320px', logo: '112px' },
};

/** Below this opacity a header background lets the page show through, so the page's text colour stays. */
const OPAQUE_ENOUGH = 0.5;
/** How much darker a vertical gradient ends than it starts. */
const GRADIENT_END = 0.75;

export const publicationDesignTexts = {
  designTitle: 'Design',
  stylesTitle: 'Styles',
  editTitle: 'Header',
  intro: 'Choose how your publication’s header looks: its name, tagline, size, image, colours and typeface.',
  headerSection: 'Header',
  nameTreatment: 'Name',
  nameTreatments: { LOGO: 'Show the logo', TEXT: 'Show the name as text' } satisfies Record<
    NameTreatment,
    string
  >,
  logoMissing: 'Add a logo in the publication’s settings to show it; until then the name shows as text.',
  taglineTreatment: 'Tagline',
  taglineTreatments: { HEADER: 'Under the name', SIDEBAR: 'Beside the header' } satisfies Record<
    TaglineTreatment,
    string
  >,
  headerScale: 'Header size',
  headerScales: { SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large' } satisfies Record<HeaderScale, string>,
  headerImage: 'Header image',
  headerImageHint: 'A wide image across the top of the header',
  removeImage: 'Remove',
  uploading: 'Uploading…',
  colorsSection: 'Colours',
  colorsIntro:
    'Write each as 8-digit hex with the alpha first (#FFRRGGBB) or as rgba(r, g, b, a). Leave one blank for the default.',
  backgroundColor: 'Header background',
  tintColor: 'Tint (links and buttons)',
  colorDisplay: 'Background fill',
  colorDisplays: { SOLID: 'Solid', VERTICAL_GRADIENT: 'Vertical gradient' } satisfies Record<
    ColorDisplay,
    string
  >,
  fontSection: 'Typeface',
  fontSet: 'Typeface of the name and headings',
  fontSets: {
    SANS_SERIF_1: 'Sans serif',
    SANS_SERIF_2: 'Rounded sans serif',
    SERIF_1: 'Serif',
    SERIF_2: 'Old-style serif',
  } satisfies Record<FontSet, string>,
  layoutSection: 'Homepage',
  homeLayout: 'How the homepage shows stories',
  homeLayouts: {
    STREAM: 'Stream: the newest stories, one under another',
    GRID: 'Grid: story cards side by side, pictures first',
    SECTIONS: 'Sections: featured stories, then the newest of each tab',
  } satisfies Record<HomeLayout, string>,
  featuredSection: 'Featured',
  latestSection: 'Latest',
  seeAll: (title: string) => `See all in ${title}`,
  preview: 'Preview',
  previewHint: 'How the header will look, before you save.',
  save: 'Save design',
  saving: 'Saving…',
  reset: 'Use the default design',
  saved: 'Your publication’s design is saved.',
  resetDone: 'Your publication uses the default design again.',
  settingsLink: 'Settings',
} as const;

const own = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(table, key);

/** A stored colour parsed, or null when there is none or it is not a spec §5 colour string. */
function colorOf(value: string | null | undefined): Rgba | null {
  if (!value) return null;
  try {
    return parseColorString(value);
  } catch {
    return null;
  }
}

/** Spec §5: a parsed colour as the stored form, 8-digit hex with the alpha first ('#AARRGGBB'). */
export function argbHex(rgba: Rgba): string {
  const hex = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, '0');
  return `#${[rgba.alpha * 255, rgba.red, rgba.green, rgba.blue].map(hex).join('')}`.toUpperCase();
}

const DARK_TEXT: Rgba = { red: 36, green: 36, blue: 36, alpha: 1 };
const LIGHT_TEXT: Rgba = { red: 255, green: 255, blue: 255, alpha: 1 };

/** WCAG relative luminance of a colour's opaque form. */
function luminance(rgba: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(rgba.red) + 0.7152 * channel(rgba.green) + 0.0722 * channel(rgba.blue);
}

/** The design system's dark or light text, whichever contrasts more with the colour (WCAG contrast ratio). */
function textOn(rgba: Rgba): Rgba {
  const l = luminance(rgba);
  const withDark = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  const withLight = (luminance(LIGHT_TEXT) + 0.05) / (l + 0.05);
  return withDark > withLight ? DARK_TEXT : LIGHT_TEXT;
}
/** How strongly secondary text (counts, icons) shows on a filled header. */
const MUTED_ALPHA = 0.75;

const shade = (rgba: Rgba, factor: number): Rgba => ({
  red: Math.round(rgba.red * factor),
  green: Math.round(rgba.green * factor),
  blue: Math.round(rgba.blue * factor),
  alpha: rgba.alpha,
});

/**
 * Spec §3 publication design: the CSS custom properties a publication page sets on its wrapper. Colours are
 * re-made from their parsed numbers and everything else comes from our own tables by enum, so no stored
 * text reaches a style; a colour that does not parse is left out (the page keeps its default).
 */
export function publicationDesignStyle(
  design: Pick<
    PublicationDesignFields,
    'headerScale' | 'colorDisplay' | 'fontSet' | 'backgroundColor' | 'tintColor'
  >,
): Record<string, string> {
  const scale = HEADER_SCALES[own(HEADER_SCALES, design.headerScale) ? design.headerScale : 'MEDIUM'];
  const style: Record<string, string> = {
    '--q-pub-font':
      PUBLICATION_FONT_STACKS[own(PUBLICATION_FONT_STACKS, design.fontSet) ? design.fontSet : 'SERIF_1'],
    '--q-pub-title-size': scale.title,
    '--q-pub-header-space': scale.space,
    '--q-pub-image-height': scale.image,
    '--q-pub-logo-height': scale.logo,
  };
  const background = colorOf(design.backgroundColor);
  if (background) {
    const top = cssColor(background);
    style['--q-pub-header-bg'] =
      design.colorDisplay === 'VERTICAL_GRADIENT'
        ? `linear-gradient(180deg, ${top}, ${cssColor(shade(background, GRADIENT_END))})`
        : top;
    // A filled header keeps its text off the fill's edges.
    style['--q-pub-header-inline'] = 'var(--q-space-6)';
    if (background.alpha >= OPAQUE_ENOUGH) {
      const text = textOn(background);
      style['--q-pub-header-text'] = cssColor(text);
      style['--q-pub-header-muted'] = cssColor({ ...text, alpha: MUTED_ALPHA });
    }
  }
  const tint = colorOf(design.tintColor);
  if (tint) {
    // The design system's accent, inside the publication's pages only: links, Follow, the current tab.
    const css = cssColor(tint);
    style['--q-accent'] = css;
    style['--q-accent-bg'] = css;
    style['--q-on-accent'] = cssColor(textOn(tint));
  }
  return style;
}

/**
 * What a publication page reads of the design to draw its header: the style, and the treatments as the page
 * shows them (the logo only when there is one to show). The server's publication header and the design
 * page's preview both build it here, so the preview cannot drift from the page.
 */
export function publicationHeaderDesign(design: PublicationDesignFields, logoId: string | null) {
  return {
    style: publicationDesignStyle(design),
    nameTreatment: (design.nameTreatment === 'LOGO' && logoId ? 'LOGO' : 'TEXT') as NameTreatment,
    taglineTreatment: (design.taglineTreatment === 'SIDEBAR' ? 'SIDEBAR' : 'HEADER') as TaglineTreatment,
    headerScale: (own(HEADER_SCALES, design.headerScale) ? design.headerScale : 'MEDIUM') as HeaderScale,
    logo: { id: logoId },
    headerImage: { id: design.headerImageId },
  };
}
export type PublicationHeaderDesign = ReturnType<typeof publicationHeaderDesign>;

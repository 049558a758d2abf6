import { describe, expect, it } from 'vitest';
import { inputTexts, validationMessages } from '../src/messages';
import {
  argbHex,
  DEFAULT_PUBLICATION_DESIGN,
  PUBLICATION_FONT_STACKS,
  type PublicationDesignFields,
  publicationDesignStyle,
  publicationHeaderDesign,
} from '../src/publication-design';
import { publicationDesignFieldsInput } from '../src/publication-design-input';

const design = (over: Partial<PublicationDesignFields> = {}): PublicationDesignFields => ({
  ...DEFAULT_PUBLICATION_DESIGN,
  ...over,
});

/** What a style value may hold: rgba() of numbers, our token variables, sizes, a gradient, a font stack. */
const SAFE_VALUE = /^[\w\s(),.#"%-]*$/;

describe('publicationDesignStyle (spec §3 publication design)', () => {
  it('gives the default design its serif name at the medium scale and no colours', () => {
    expect(publicationDesignStyle(design())).toEqual({
      '--q-pub-font': 'var(--q-font-serif)',
      '--q-pub-title-size': 'var(--q-fs-2xl)',
      '--q-pub-header-space': 'var(--q-space-4)',
      '--q-pub-image-height': '200px',
      '--q-pub-logo-height': '72px',
    });
  });

  it('sizes the header by its scale and sets the font set’s stack on the design system’s fonts', () => {
    expect(publicationDesignStyle(design({ headerScale: 'SMALL' }))['--q-pub-title-size']).toBe(
      'var(--q-fs-xl)',
    );
    expect(publicationDesignStyle(design({ headerScale: 'LARGE' }))['--q-pub-image-height']).toBe('320px');
    expect(publicationDesignStyle(design({ fontSet: 'SANS_SERIF_1' }))['--q-pub-font']).toBe(
      'var(--q-font-sans)',
    );
    expect(publicationDesignStyle(design({ fontSet: 'SERIF_2' }))['--q-pub-font']).toContain(
      'var(--q-font-serif)',
    );
    expect(publicationDesignStyle(design({ fontSet: 'SANS_SERIF_2' }))['--q-pub-font']).toBe(
      PUBLICATION_FONT_STACKS.SANS_SERIF_2,
    );
  });

  it('fills the header with the background, solid or as a vertical gradient, with readable text on it', () => {
    expect(publicationDesignStyle(design({ backgroundColor: '#FF1A8917' }))).toMatchObject({
      '--q-pub-header-bg': 'rgba(26, 137, 23, 1)',
      '--q-pub-header-text': 'rgba(255, 255, 255, 1)',
      '--q-pub-header-muted': 'rgba(255, 255, 255, 0.75)',
      '--q-pub-header-inline': 'var(--q-space-6)',
    });
    expect(
      publicationDesignStyle(design({ backgroundColor: '#FFF0F0F0', colorDisplay: 'VERTICAL_GRADIENT' })),
    ).toMatchObject({
      '--q-pub-header-bg': 'linear-gradient(180deg, rgba(240, 240, 240, 1), rgba(180, 180, 180, 1))',
      '--q-pub-header-text': 'rgba(36, 36, 36, 1)',
    });
    // A see-through background keeps the page's own text colour.
    const faint = publicationDesignStyle(design({ backgroundColor: 'rgba(0, 0, 0, 0.1)' }));
    expect(faint['--q-pub-header-bg']).toBe('rgba(0, 0, 0, 0.1)');
    expect(faint).not.toHaveProperty('--q-pub-header-text');
    expect(faint).not.toHaveProperty('--q-pub-header-muted');
  });

  it('makes the tint the accent of the publication’s pages, with text that reads on it', () => {
    expect(publicationDesignStyle(design({ tintColor: '#FF0A2540' }))).toMatchObject({
      '--q-accent': 'rgba(10, 37, 64, 1)',
      '--q-accent-bg': 'rgba(10, 37, 64, 1)',
      '--q-on-accent': 'rgba(255, 255, 255, 1)',
    });
    expect(publicationDesignStyle(design({ tintColor: '#FFFFE066' }))['--q-on-accent']).toBe(
      'rgba(36, 36, 36, 1)',
    );
  });

  it('never lets stored text into a style: colours that do not parse and unknown enums are left out', () => {
    const hostile = [
      'red',
      '#FF000000; background: url(https://evil.example/x.png)',
      'rgba(1,2,3,1)) url(x',
      '</style><script>alert(1)</script>',
      'expression(alert(1))',
      'var(--q-bg)',
    ];
    for (const value of hostile) {
      const style = publicationDesignStyle(design({ backgroundColor: value, tintColor: value }));
      expect(Object.keys(style).sort(), value).toEqual(Object.keys(publicationDesignStyle(design())).sort());
    }
    const odd = publicationDesignStyle({
      ...design(),
      fontSet: '__proto__' as never,
      headerScale: 'constructor' as never,
    });
    expect(odd).toEqual(publicationDesignStyle(design()));
    const all = publicationDesignStyle(
      design({
        backgroundColor: 'rgba(255, 0, 0, 0.5)',
        tintColor: '#80FFFFFF',
        colorDisplay: 'VERTICAL_GRADIENT',
      }),
    );
    for (const value of Object.values(all)) expect(value).toMatch(SAFE_VALUE);
  });
});

describe('publicationHeaderDesign', () => {
  it('shows the logo only when there is one, and carries the style the page sets', () => {
    expect(publicationHeaderDesign(design({ nameTreatment: 'LOGO' }), null).nameTreatment).toBe('TEXT');
    expect(publicationHeaderDesign(design({ nameTreatment: 'LOGO' }), 'logo.png')).toMatchObject({
      nameTreatment: 'LOGO',
      logo: { id: 'logo.png' },
      headerScale: 'MEDIUM',
      taglineTreatment: 'HEADER',
      headerImage: { id: null },
      style: publicationDesignStyle(design()),
    });
  });
});

describe('the design form’s input (spec §5 colour strings)', () => {
  const base = {
    headerScale: 'LARGE',
    nameTreatment: 'TEXT',
    taglineTreatment: 'SIDEBAR',
    colorDisplay: 'SOLID',
    fontSet: 'SANS_SERIF_2',
    backgroundColor: null,
    tintColor: null,
    headerImageId: null,
    homeLayout: 'STREAM',
  };
  const messages = (input: Record<string, unknown>) => {
    const result = publicationDesignFieldsInput.safeParse({ ...base, ...input });
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('keeps a colour as 8-digit hex with the alpha first, whichever form it came in', () => {
    const parsed = publicationDesignFieldsInput.parse({
      ...base,
      backgroundColor: ' #ff1a8917 ',
      tintColor: 'rgba(10, 37, 64, 0.5)',
    });
    expect(parsed).toMatchObject({ backgroundColor: '#FF1A8917', tintColor: '#800A2540' });
    expect(argbHex({ red: 1, green: 2, blue: 3, alpha: 1 })).toBe('#FF010203');
  });

  it('refuses colours outside the spec’s forms with its messages, and NUL bytes', () => {
    expect(messages({ backgroundColor: '#1A8917' })).toEqual([validationMessages.invalidColor]);
    expect(messages({ tintColor: 'rgba(300, 0, 0, 1)' })).toEqual([validationMessages.invalidColor]);
    expect(messages({ tintColor: 'green' })).toEqual([validationMessages.unrecognizedColor]);
    expect(messages({ tintColor: '' })).toEqual([validationMessages.unrecognizedColor]);
    expect(messages({ backgroundColor: '#FF1A8917\u0000' })).toContain(inputTexts.invalidCharacters);
    expect(messages({ headerImageId: 'a\u0000.png' })).toContain(inputTexts.invalidCharacters);
    expect(messages({ fontSet: 'COMIC_SANS' })).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { isBlank, parsePostId, slugify, truncate, uniqueSlug } from '../src/slug';

describe('slugify (§5)', () => {
  it('normalises, strips accents, lowercases and joins words with a dash', () => {
    expect(slugify('Hello World')).toBe('hello-world');
    expect(slugify('Crème Brûlée à la Française')).toBe('creme-brulee-a-la-francaise');
    expect(slugify('  Many   spaces\tand\nlines  ')).toBe('many-spaces-and-lines');
  });

  it('keeps only a-z, 0-9 and spaces', () => {
    expect(slugify("Don't Stop: 10 Tips!")).toBe('dont-stop-10-tips');
    expect(slugify('well-known C++ & Rust')).toBe('wellknown-c-rust');
    expect(slugify('ﬁne ①')).toBe('fine-1');
  });

  it('is empty for text without kept characters', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('日本語')).toBe('');
  });
});

describe('uniqueSlug', () => {
  it('appends the post id', () => {
    expect(uniqueSlug('My Story', '4f2c1e0a9b3d')).toBe('my-story-4f2c1e0a9b3d');
  });

  it('is just the id when the slug is empty', () => {
    expect(uniqueSlug('', '4f2c1e0a9b3d')).toBe('4f2c1e0a9b3d');
    expect(uniqueSlug('???', '4f2c1e0a9b3d')).toBe('4f2c1e0a9b3d');
  });
});

describe('parsePostId (§2)', () => {
  it('takes the trailing hex part after a slug', () => {
    expect(parsePostId('my-story-4f2c1e0a9b3d')).toBe('4f2c1e0a9b3d');
    expect(parsePostId('4f2c1e0a9b3d')).toBe('4f2c1e0a9b3d');
    expect(parsePostId('/@ada/my-story-4f2c1e0a9b3d?source=friends_link&sk=x')).toBe('4f2c1e0a9b3d');
    expect(parsePostId('/p/4f2c1e0a9b3d/')).toBe('4f2c1e0a9b3d');
  });

  it('accepts 8 to 16 hex chars and nothing else', () => {
    expect(parsePostId('a-deadbeef')).toBe('deadbeef');
    expect(parsePostId('a-0123456789abcdef')).toBe('0123456789abcdef');
    expect(parsePostId('a-1234567')).toBeNull();
    expect(parsePostId('a-0123456789abcdef0')).toBeNull();
    expect(parsePostId('my-story')).toBeNull();
    expect(parsePostId('my-story-4F2C1E0A9B3D')).toBeNull();
    expect(parsePostId('story4f2c1e0a9b3d')).toBeNull();
    expect(parsePostId('')).toBeNull();
  });
});

describe('truncate (§5)', () => {
  it('returns text that fits unchanged', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('exactly ten', 11)).toBe('exactly ten');
  });

  it('cuts at a word boundary and adds an ellipsis within maxChars', () => {
    const out = truncate('The quick brown fox jumps over the lazy dog', 20);
    expect(out).toBe('The quick brown fox…');
    expect(out.length).toBeLessThanOrEqual(20);
    expect(truncate('The quick brown fox jumps', 18)).toBe('The quick brown…');
  });

  it('keeps a word that ends exactly at the cut', () => {
    expect(truncate('hello world again', 12)).toBe('hello world…');
  });

  it('strips trailing punctuation before the ellipsis', () => {
    expect(truncate('Hello, world. More text here', 14)).toBe('Hello, world…');
    expect(truncate('Wait... what is this', 10)).toBe('Wait…');
  });

  it('hard-cuts a single long word', () => {
    expect(truncate('Supercalifragilistic', 6)).toBe('Super…');
    expect(truncate('abc', 1)).toBe('…');
    expect(truncate('abc', 0)).toBe('');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('😀😀😀 😀😀', 5)).toBe('😀😀😀…');
  });
});

describe('isBlank (§5)', () => {
  it('is true for only whitespace', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('  \n\t ')).toBe(true);
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});

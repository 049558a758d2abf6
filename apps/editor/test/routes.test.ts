import { describe, expect, it } from 'vitest';
import { editorRoute, signInPath } from '../src/routes';

describe('editorRoute (spec §2 Writing paths)', () => {
  it('starts a draft at /new-story and /{collectionSlug}/new-story', () => {
    expect(editorRoute('/new-story')).toEqual({ kind: 'new', collectionSlug: null });
    expect(editorRoute('/new-story/')).toEqual({ kind: 'new', collectionSlug: null });
    expect(editorRoute('/the-daily/new-story')).toEqual({ kind: 'new', collectionSlug: 'the-daily' });
  });

  it('opens a story by id from /p/{id}/edit, /@{username}/{id}/edit and /{collectionSlug}/{id}/edit', () => {
    expect(editorRoute('/p/0123456789ab/edit')).toEqual({ kind: 'edit', postId: '0123456789ab' });
    expect(editorRoute('/@ada/0123456789ab/edit')).toEqual({ kind: 'edit', postId: '0123456789ab' });
    expect(editorRoute('/the-daily/a-title-0123456789ab/edit')).toEqual({
      kind: 'edit',
      postId: '0123456789ab',
    });
  });

  it('reads the version and base revision of a revert link', () => {
    expect(editorRoute('/p/0123456789ab/revert/v42/7')).toEqual({
      kind: 'revert',
      postId: '0123456789ab',
      versionId: 'v42',
      baseRev: 7,
    });
  });

  it('knows nothing else', () => {
    for (const path of [
      '/',
      '/p/new-story',
      '/@ada/new-story',
      '/p/nothex/edit',
      '/p/0123456789ab/revert/v/x',
    ]) {
      expect(editorRoute(path)).toEqual({ kind: 'unknown' });
    }
  });

  it('sends signed-out writers to sign in and back', () => {
    expect(signInPath()).toBe('/m/signin?redirect=/new-story');
    expect(signInPath('/the-daily/new-story')).toBe('/m/signin?redirect=/the-daily/new-story');
  });
});

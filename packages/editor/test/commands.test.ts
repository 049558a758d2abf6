import { baseKeymap } from 'prosemirror-commands';
import { undo } from 'prosemirror-history';
import { type EditorState, TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import {
  buildKeymap,
  contentFromDoc,
  cycleQuote,
  insertHorizontalRule,
  insertIframe,
  insertImage,
  isMarkActive,
  placeholderDecorations,
  removeLink,
  schema,
  setImageLayout,
  setLink,
  setParagraph,
  toggleBigHeading,
  toggleBulletList,
  toggleCodeBlock,
  toggleOrderedList,
  toggleSmallHeading,
  toggleStrong,
} from '../src';
import { linesOf, must, namesOf, run, stateOf } from './helpers';

const keys = buildKeymap(schema);

/** A key press: the editor's keymap, then prosemirror-commands' base keymap, as `editorPlugins` orders them. */
function press(state: EditorState, key: string): EditorState {
  const ours = keys[key] ? run(state, keys[key]) : null;
  if (ours) return ours;
  const base = (baseKeymap as Record<string, (typeof keys)[string]>)[key];
  return (base && run(state, base)) || state;
}

describe('block commands', () => {
  it('big and small headings are H3 and H4, toggled back to P, keeping the name', () => {
    let s = stateOf(['P:Hel|lo']);
    s = must(s, toggleBigHeading);
    expect(linesOf(s)).toEqual(['H3:Hel|lo']);
    expect(namesOf(s)).toEqual(['p0']);
    s = must(s, toggleSmallHeading);
    expect(linesOf(s)).toEqual(['H4:Hel|lo']);
    s = must(s, toggleSmallHeading);
    expect(linesOf(s)).toEqual(['P:Hel|lo']);
    expect(namesOf(s)).toEqual(['p0']);
  });

  it('the quote button cycles BQ → PQ → P', () => {
    let s = stateOf(['P:quo|te']);
    s = must(s, cycleQuote);
    expect(linesOf(s)).toEqual(['BQ:quo|te']);
    s = must(s, cycleQuote);
    expect(linesOf(s)).toEqual(['PQ:quo|te']);
    s = must(s, cycleQuote);
    expect(linesOf(s)).toEqual(['P:quo|te']);
  });

  it('a code block keeps line breaks as newlines and drops marks; back to P they are line breaks again', () => {
    let s = stateOf(['P:a|b']);
    s = press(s, 'Shift-Enter');
    s = must(s, toggleCodeBlock('ts'));
    const [code] = contentFromDoc(s.doc).paragraphs;
    expect(code).toMatchObject({ type: 'PRE', text: 'a\nb', codeBlockLanguage: 'ts', markups: [] });
    s = must(s, toggleCodeBlock());
    expect(s.doc.child(1).toString()).toBe('paragraph("a", hard_break, "b")');
  });

  it('applies to every selected block, never to the title or an image', () => {
    let s = stateOf(['P:o[ne', 'IMG:cap', 'P:tw]o']);
    s = must(s, toggleBigHeading);
    expect(linesOf(s)).toEqual(['H3:o[ne', 'IMG:cap', 'H3:tw]o']);
    expect(run(stateOf(['IMG:ca|p']), toggleBigHeading)).toBeNull();
  });

  it('lists: wrap selected paragraphs, unwrap them, and join a neighbouring list', () => {
    let s = stateOf(['P:o[ne', 'P:tw]o']);
    s = must(s, toggleBulletList);
    expect(linesOf(s)).toEqual(['ULI:o[ne', 'ULI:tw]o']);
    expect(namesOf(s)).toEqual(['p0', 'p1']);
    expect(s.doc.childCount).toBe(2);
    s = must(s, toggleBulletList);
    expect(linesOf(s)).toEqual(['P:o[ne', 'P:tw]o']);

    let t = stateOf(['OLI:one', 'P:tw|o']);
    t = must(t, toggleOrderedList);
    expect(linesOf(t)).toEqual(['OLI:one', 'OLI:tw|o']);
    expect(t.doc.childCount).toBe(2);
  });

  it('a block type on a middle list item splits the list around it', () => {
    let s = stateOf(['OLI:one', 'OLI:t|wo', 'OLI:three']);
    s = must(s, setParagraph);
    expect(linesOf(s)).toEqual(['OLI:one', 'P:t|wo', 'OLI:three']);
    expect(s.doc.toString()).toBe(
      'doc(title("T"), ordered_list(list_item("one")), paragraph("two"), ordered_list(list_item("three")))',
    );
    expect(namesOf(s)).toEqual(['p0', 'p1', 'p2']);
  });

  it('undo restores the previous state', () => {
    const s0 = stateOf(['P:Hel|lo']);
    const s1 = must(s0, toggleBigHeading);
    expect(linesOf(must(s1, undo))).toEqual(['P:Hel|lo']);
  });
});

describe('inserting blocks', () => {
  it('an HR on an empty paragraph goes before it and leaves the cursor there', () => {
    const s = must(stateOf(['P:text', 'P:|']), insertHorizontalRule);
    expect(linesOf(s)).toEqual(['P:text', 'HR:', 'P:|']);
    expect(namesOf(s)).toEqual(['p0', expect.stringMatching(/^[0-9a-f]{4}$/), 'p1']);
  });

  it('an image after a non-empty paragraph gets a new paragraph after it for the cursor', () => {
    const s = must(
      stateOf(['P:te|xt']),
      insertImage({ id: 'img9', width: 800, layout: 'OUTSET' }, 'A caption'),
    );
    expect(linesOf(s)).toEqual(['P:text', 'IMG:A caption', 'P:|']);
    expect(contentFromDoc(s.doc).paragraphs[1]).toMatchObject({
      layout: 'OUTSET',
      metadata: { id: 'img9', originalWidth: 800 },
    });
    const names = namesOf(s);
    expect(new Set(names).size).toBe(3);
  });

  it('iframes: allowlisted players only (spec §5 with allow_iframe off)', () => {
    const s = stateOf(['P:|']);
    expect(run(s, insertIframe({ src: 'javascript:alert(1)' }))).toBeNull();
    expect(run(s, insertIframe({ src: 'https://evil.example/' }))).toBeNull();
    const ok = must(s, insertIframe({ src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' }));
    expect(linesOf(ok)).toEqual(['IFRAME:', 'P:|']);
  });

  it('sets an image layout from its caption', () => {
    const s = must(stateOf(['IMG:ca|p']), setImageLayout('FULL_WIDTH'));
    expect(contentFromDoc(s.doc).paragraphs[0]!.layout).toBe('FULL_WIDTH');
  });
});

describe('marks and links', () => {
  it('toggles STRONG over the selection with [start, end) offsets', () => {
    let s = stateOf(['P:a [bold] word']);
    s = must(s, toggleStrong);
    expect(contentFromDoc(s.doc).paragraphs[0]!.markups).toEqual([{ type: 'STRONG', start: 2, end: 6 }]);
    expect(isMarkActive(s, schema.marks.strong!)).toBe(true);
    s = press(s, 'Mod-b');
    expect(contentFromDoc(s.doc).paragraphs[0]!.markups).toEqual([]);
  });

  it('sets, changes and removes a link; refuses javascript:', () => {
    let s = stateOf(['P:see [here] now']);
    expect(run(s, setLink('javascript:alert(1)'))).toBeNull();
    s = must(s, setLink('https://a.example/', { title: 'A' }));
    expect(contentFromDoc(s.doc).paragraphs[0]!.markups).toEqual([
      { type: 'A', start: 4, end: 8, href: 'https://a.example/', title: 'A' },
    ]);
    // No link at the cursor: nothing to change.
    expect(run(stateOf(['P:see he|re now']), setLink('https://b.example/'))).toBeNull();
    // The cursor inside a link (title "T" is 0–3, the text starts at 4): the whole link changes.
    const cursorIn = s.apply(s.tr.setSelection(TextSelection.create(s.doc, 4 + 6)));
    const changed = must(cursorIn, setLink('https://b.example/'));
    expect(contentFromDoc(changed.doc).paragraphs[0]!.markups).toEqual([
      { type: 'A', start: 4, end: 8, href: 'https://b.example/' },
    ]);
    const removed = must(changed, removeLink);
    expect(contentFromDoc(removed.doc).paragraphs[0]!.markups).toEqual([]);
  });

  it('Mod-k calls the link callback', () => {
    let called = 0;
    const k = buildKeymap(schema, {
      onLink: () => {
        called++;
        return true;
      },
    });
    expect(k['Mod-k']!(stateOf(['P:a|b']))).toBe(true);
    expect(called).toBe(1);
  });
});

describe('keys', () => {
  it('Enter splits a list item (fresh name for the new item); Enter on an empty item ends the list', () => {
    let s = stateOf(['ULI:one|', 'P:after']);
    s = press(s, 'Enter');
    expect(linesOf(s)).toEqual(['ULI:one', 'ULI:|', 'P:after']);
    const names = namesOf(s);
    expect(names[0]).toBe('p0');
    expect(names[1]).not.toBe('p0');
    s = press(s, 'Enter');
    expect(linesOf(s)).toEqual(['ULI:one', 'P:|', 'P:after']);
  });

  it('Enter in the middle of a list item splits it; the first half keeps the name', () => {
    const s = press(stateOf(['OLI:on|e']), 'Enter');
    expect(linesOf(s)).toEqual(['OLI:on', 'OLI:|e']);
    expect(namesOf(s)[0]).toBe('p0');
    expect(new Set(namesOf(s)).size).toBe(2);
  });

  it('Backspace at the start of a list item lifts it out as a paragraph', () => {
    const s = press(stateOf(['ULI:one', 'ULI:|two', 'ULI:three']), 'Backspace');
    expect(linesOf(s)).toEqual(['ULI:one', 'P:|two', 'ULI:three']);
    expect(namesOf(s)).toEqual(['p0', 'p1', 'p2']);
  });

  it('Backspace at the start of a heading makes it a paragraph', () => {
    expect(linesOf(press(stateOf(['P:a', 'H3:|Big']), 'Backspace'))).toEqual(['P:a', 'P:|Big']);
  });

  it('Enter in a code block is a newline; a third Enter on empty lines at the end leaves the block', () => {
    let s = stateOf(['PRE:code|']);
    s = press(s, 'Enter');
    expect(linesOf(s)).toEqual(['PRE:code\n|']);
    s = press(press(s, 'Enter'), 'Enter');
    expect(linesOf(s)).toEqual(['PRE:code', 'P:|']);
  });

  it('Shift-Enter is a line break in a paragraph, a newline in code, nothing in the title', () => {
    expect(linesOf(press(stateOf(['P:a|b']), 'Shift-Enter'))).toEqual(['P:a\n|b']);
    expect(linesOf(press(stateOf(['PRE:a|b']), 'Shift-Enter'))).toEqual(['PRE:a\n|b']);
  });

  it('Enter at the end of a heading starts a paragraph; in an empty quote it becomes a paragraph', () => {
    expect(linesOf(press(stateOf(['H3:Big|']), 'Enter'))).toEqual(['H3:Big', 'P:|']);
    expect(linesOf(press(stateOf(['BQ:|']), 'Enter'))).toEqual(['P:|']);
  });

  it('Enter in an image caption starts a paragraph below instead of splitting the image', () => {
    expect(linesOf(press(stateOf(['IMG:cap|tion']), 'Enter'))).toEqual(['IMG:caption', 'P:|']);
  });

  it('Backspace after an image selects it instead of merging into its caption', () => {
    let s = press(stateOf(['IMG:cap', 'P:|text']), 'Backspace');
    expect(linesOf(s)).toEqual(['[IMG:cap]', 'P:text']);
    s = press(stateOf(['IMG:cap', 'P:|']), 'Backspace');
    expect(linesOf(s)).toEqual(['[IMG:cap]']);
    s = press(stateOf(['IMG:|cap']), 'Backspace');
    expect(linesOf(s)).toEqual(['[IMG:cap]']);
    s = press(stateOf(['P:text|', 'IMG:cap']), 'Delete');
    expect(linesOf(s)).toEqual(['P:text', '[IMG:cap]']);
  });
});

describe('plugins', () => {
  it('placeholders: Title on an empty title, Tell your story… on an empty first paragraph', () => {
    const s = stateOf(['P:|'], { title: '' });
    const found = placeholderDecorations(s.doc).find();
    expect(
      found.map((d) => (d as unknown as { type: { attrs: Record<string, string> } }).type.attrs),
    ).toEqual([
      { class: 'q-placeholder', 'data-placeholder': 'Title' },
      { class: 'q-placeholder', 'data-placeholder': 'Tell your story…' },
    ]);
    expect(placeholderDecorations(stateOf(['P:x']).doc).find()).toEqual([]);
  });

  it('joins two lists of one type once the paragraph between them goes', () => {
    const s = stateOf(['ULI:a', 'P:|', 'ULI:b']);
    const pos = s.selection.from;
    const next = s.apply(s.tr.delete(pos - 1, pos + 1));
    expect(next.doc.toString()).toBe('doc(title("T"), bullet_list(list_item("a"), list_item("b")))');
  });
});

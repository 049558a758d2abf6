import { TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { simulateTyping } from '../src';
import { linesOf, namesOf, stateOf } from './helpers';

const typed = (lines: string[], text: string) => linesOf(simulateTyping(stateOf(lines), text));

describe('input rules', () => {
  it('"# " gives a big heading (H3) and "## " a small one (H4), keeping the paragraph name', () => {
    const s = simulateTyping(stateOf(['P:|']), '# Big');
    expect(linesOf(s)).toEqual(['H3:Big|']);
    expect(namesOf(s)).toEqual(['p0']);
    expect(typed(['P:|'], '## Small')).toEqual(['H4:Small|']);
  });

  it('"> " gives a block quote', () => {
    expect(typed(['P:|'], '> Quoted')).toEqual(['BQ:Quoted|']);
  });

  it('"1. " and "1) " start an ordered list, "- " and "* " a bullet list', () => {
    expect(typed(['P:|'], '1. one')).toEqual(['OLI:one|']);
    expect(typed(['P:|'], '1) one')).toEqual(['OLI:one|']);
    expect(typed(['P:|'], '- dot')).toEqual(['ULI:dot|']);
    expect(typed(['P:|'], '* dot')).toEqual(['ULI:dot|']);
  });

  it('a new list item joins the list just above', () => {
    const s = simulateTyping(stateOf(['ULI:a', 'P:|']), '- b');
    expect(linesOf(s)).toEqual(['ULI:a', 'ULI:b|']);
    expect(s.doc.childCount).toBe(2);
  });

  it('"---" inserts a section break before the (now empty) paragraph', () => {
    const s = simulateTyping(stateOf(['P:a', 'P:|']), '---');
    expect(linesOf(s)).toEqual(['P:a', 'HR:', 'P:|']);
    expect(namesOf(s)[2]).toBe('p1');
  });

  it('three backticks give a code block, where the rules stop applying', () => {
    expect(typed(['P:|'], '```# x')).toEqual(['PRE:# x|']);
  });

  it('does nothing mid-text, in list items, headings or the title', () => {
    expect(typed(['P:abc|'], ' # x')).toEqual(['P:abc # x|']);
    expect(typed(['ULI:|'], '# x')).toEqual(['ULI:# x|']);
    expect(typed(['H4:|'], '> x')).toEqual(['H4:> x|']);
    const s = stateOf(['P:body']);
    const inTitle = s.apply(s.tr.setSelection(TextSelection.create(s.doc, 2)));
    expect(simulateTyping(inTitle, '# ').doc.firstChild!.textContent).toBe('T# ');
  });
});

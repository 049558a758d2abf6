export {
  backspaceAfterImage,
  backspaceAtBlockStart,
  backspaceAtCaptionStart,
  backspaceAtListItemStart,
  cycleQuote,
  deleteBeforeImage,
  enterInCodeBlock,
  enterInEmptyBlock,
  enterInEmptyListItem,
  enterInImageCaption,
  type ImageAttrs,
  insertBlock,
  insertHardBreak,
  insertHorizontalRule,
  insertIframe,
  insertImage,
  insertMixtape,
  isMarkActive,
  liftListItem,
  linkRangeAt,
  removeLink,
  setBlockType,
  setCodeBlockLanguage,
  setImageLayout,
  setLink,
  setParagraph,
  toggleBigHeading,
  toggleBulletList,
  toggleCode,
  toggleCodeBlock,
  toggleEm,
  toggleHeading,
  toggleHighlight,
  toggleList,
  toggleMarkNamed,
  toggleOrderedList,
  toggleSmallHeading,
  toggleStrike,
  toggleStrong,
  toggleUnderline,
} from './commands';
export {
  contentFromDoc,
  docFromContent,
  emptyDoc,
  normalizeContent,
  normalizeMarkups,
  normalizeParagraph,
  titleFromDoc,
} from './convert';
export {
  type ConvertedStory,
  type ConvertOptions,
  htmlToContent,
  htmlToStory,
  markdownToContent,
  markdownToHtml,
  markdownToStory,
  outsideImageSources,
  type StoredOutsideImage,
} from './convert-import';
export { buildInputRules, type InputRuleSpec, inputRuleSpecs, simulateTyping } from './inputrules';
export { buildKeymap, type KeymapOptions } from './keymap';
export { fixNames, freshName, joinAdjacentLists, paragraphNamesPlugin } from './names';
export { ANNOTATION_MARKUPS, MARK_FOR_MARKUP, MARKUP_FOR_MARK, NODE_FOR_PARAGRAPH } from './paragraph-model';
export { cleanPastedHTML, pastePlugin, renamePastedBlocks, sliceFromPlainText } from './paste';
export {
  type EditorPluginOptions,
  editorPlugins,
  PLACEHOLDER_CLASS,
  placeholderDecorations,
  placeholderPlugin,
} from './plugins';
export { createSchema, type SchemaOptions, schema } from './schema';
export { BODY_PLACEHOLDER, TITLE_PLACEHOLDER } from './texts';
export { imageIdFromSrc, isHttpUrl, isSafeHref } from './urls';
export { type ParseContentOptions, parseContent } from './validate';

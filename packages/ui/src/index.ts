export { ParagraphText } from './ParagraphText';
export { PostBody } from './PostBody';
export { avatarPx, cssVariables, mediaUp } from './tokens';

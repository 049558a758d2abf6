export { ParagraphText } from './ParagraphText';
export { PostBody } from './PostBody';

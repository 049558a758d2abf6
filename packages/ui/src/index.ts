export { Avatar, avatarHue, initialsOf, squareImage } from './Avatar';
export {
  BellIcon,
  BookmarkIcon,
  BookmarkSavedIcon,
  ClapIcon,
  CloseIcon,
  type IconProps,
  MailCheckIcon,
  MailIcon,
  MemberStarIcon,
  MoreIcon,
  PlusIcon,
  ResponseIcon,
  RssIcon,
  SearchIcon,
} from './icons';
export { ParagraphText } from './ParagraphText';
export { PostBody } from './PostBody';
export {
  Button,
  type ButtonVariant,
  buttonClass,
  Card,
  EmptyState,
  MemberStar,
  Skeleton,
  StoryCardSkeleton,
} from './parts';
export { croppedSrcSet, Thumbnail } from './Thumbnail';
export {
  avatarPx,
  COLORS,
  type ColorToken,
  cssVariables,
  FONTS,
  mediaUp,
  SPACE_STEPS,
  space,
  TYPE_SCALE,
  themeVariables,
} from './tokens';
export { type FocusTrapOptions, tabbablesIn, useFocusTrap } from './useFocusTrap';
export { useImageFallback } from './useImageFallback';

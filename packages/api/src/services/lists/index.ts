/* Reader lists (spec §3 Catalog): reading them, managing one's own, and following and clapping others'. */
export { clapForList, followList, listViewerEdge } from './engage';
export {
  createList,
  deleteList,
  moveListItem,
  saveChoices,
  savedAmong,
  setListItem,
  setListItemNote,
  updateList,
} from './manage';
export {
  followedListsPage,
  type ListSummary,
  listBySlugId,
  listHeader,
  listItemsPage,
  listsPage,
  popularListsPage,
  READER_LIST,
  visibleList,
  visibleListById,
} from './read';
export { listResponses, respondToList, setListDiscussionClosed, setListResponseHidden } from './responses';

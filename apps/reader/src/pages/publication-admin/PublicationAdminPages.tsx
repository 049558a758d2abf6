/* A publication's back office pages, one chunk: only people who run a publication load it. */

export { FeaturePageEditPage, FeaturePagesPage, PublicationNavigationPage } from './NavigationPages';
export { NewPublicationPage } from './NewPublicationPage';
export { PublicationPeoplePage } from './PublicationPeoplePage';
export {
  PublicationDomainPage,
  PublicationFollowersSettingsPage,
  PublicationSettingsPage,
} from './PublicationSettingsPages';
export { PublicationStoriesPage } from './PublicationStoriesPage';

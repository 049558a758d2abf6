/*
 * A newsletter's back office (spec §2 /{collectionSlug}/new-newsletter, /newsletters/{newsletterSlug}/settings,
 * /newsletters/{newsletterV3Id}/new-email, /me/subscribers/import and /confirm-export, the csv-export and export
 * paths; §7 /_/api/newsletters/{id}/import/process-unvalidated-files). The spec gives the paths only: the limits
 * and every word here are ours.
 */

import { EXPORT_VALID_DAYS } from './exports';

/** Not from the spec: the largest subscriber CSV accepted, in bytes (1 MiB holds some 20,000 addresses). */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 1024 * 1024;
/** Not from the spec: the most rows one import takes, the header row included. */
export const SUBSCRIBER_IMPORT_MAX_ROWS = 10_000;
/** How many of the publication's latest stories the settings page offers to send as an issue. */
export const NEWSLETTER_RECENT_STORIES = 10;
/** Longest newsletter name and description (the columns' widths). */
export const NEWSLETTER_LIMITS = { nameMax: 100, descriptionMax: 500, subjectMax: 300 } as const;

/** Why an imported row is not taken. */
export type ImportRowProblem = 'invalidEmail' | 'invalidCharacters' | 'tooLong' | 'nameTooLong';

/** Spec §2 /{collectionSlug}/new-newsletter. */
export const newNewsletterPath = (collectionSlug: string) => `/${collectionSlug}/new-newsletter`;
/** Spec §2 /{collectionSlug}/newsletters/{newsletterSlug}/settings. */
export const newsletterSettingsPath = (collectionSlug: string, newsletterSlug: string) =>
  `/${collectionSlug}/newsletters/${newsletterSlug}/settings`;
/** Spec §2 /newsletters/{newsletterV3Id}/new-email. */
export const newEmailPath = (newsletterId: string) => `/newsletters/${newsletterId}/new-email`;
/** Spec §2 /newsletters/{newsletterV3Id}/stats. */
export const newsletterStatsPath = (newsletterId: string) => `/newsletters/${newsletterId}/stats`;
/** Spec §2 /me/subscribers/import, for a publication's newsletter when it names one. */
export const subscriberImportPath = (newsletterId?: string | null) =>
  `/me/subscribers/import${newsletterId ? `?newsletter=${newsletterId}` : ''}`;
/** Spec §2 /me/subscribers/confirm-export, for a publication's newsletter when it names one. */
export const confirmExportPath = (newsletterId?: string | null) =>
  `/me/subscribers/confirm-export${newsletterId ? `?newsletter=${newsletterId}` : ''}`;
/** Spec §2 /export/newsletters/{newsletterV3Id}: the latest subscriber CSV of a newsletter. */
export const subscriberExportPath = (newsletterId: string) => `/export/newsletters/${newsletterId}`;
/** Spec §7 the import preview endpoint. */
export const importPreviewPath = (newsletterId: string) =>
  `/_/api/newsletters/${newsletterId}/import/process-unvalidated-files`;

/** The confirmation link of a subscription by email or import (its token is stored only hashed). */
export const newsletterConfirmPath = (token: string) => `/m/newsletter/confirm/${token}`;

/** The CSV's file name as the browser saves it, e.g. `quire-subscribers-2026-11-25.csv`. */
export const subscriberExportFileName = (newsletterSlug: string, readyAt: Date) =>
  `${newsletterSlug.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'newsletter'}-subscribers-${readyAt
    .toISOString()
    .slice(0, 10)}.csv`;

/** The export CSV's header row. */
export const SUBSCRIBER_EXPORT_COLUMNS = ['email', 'name', 'subscribed at', 'source', 'confirmed'] as const;

const mib = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export const newsletterAdminTexts = {
  newTitle: 'Start a newsletter',
  newLead: 'Send your stories, or emails you write, to the inboxes of the readers who ask for them.',
  name: 'Name',
  description: 'Description',
  descriptionHint: 'What readers get, and how often.',
  create: 'Create newsletter',
  nameRequired: 'Give the newsletter a name.',
  nameTooLong: `A name has at most ${NEWSLETTER_LIMITS.nameMax} characters.`,
  descriptionTooLong: `A description has at most ${NEWSLETTER_LIMITS.descriptionMax} characters.`,
  alreadyExists: 'This publication already has a newsletter.',
  notFound: 'This newsletter does not exist.',
  settingsTitle: 'Newsletter settings',
  trackEngagement: 'Count opens and clicks',
  trackEngagementHint:
    'Opens are counted with an invisible image and clicks through redirected links. Turn this off to count neither.',
  save: 'Save',
  saved: 'Saved.',
  subscribers: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'subscriber' : 'subscribers'}`,
  compose: 'Write an email',
  importSubscribers: 'Import subscribers',
  exportSubscribers: 'Export subscribers',
  stats: 'Stats',
  sendStoryTitle: 'Send a story as an issue',
  sendStoryLead: 'Email one of the publication’s stories to its subscribers. Each story goes out once.',
  noStories: 'The publication has no published stories yet.',
  send: 'Send',
  sent: 'Sent',
  confirmSendStory: (title: string, n: number) =>
    `Send “${title}” to ${n.toLocaleString('en-US')} ${n === 1 ? 'subscriber' : 'subscribers'}? This cannot be undone.`,
  storyQueued: 'The story is on its way to your subscribers.',
  storyAlreadySent: 'This story was already sent to your subscribers.',
  storyNotSendable: 'Only the publication’s published stories can be sent as an issue.',
  cancel: 'Cancel',
  // Composing (spec §2 /newsletters/{newsletterV3Id}/new-email)
  composeTitle: 'New email',
  subject: 'Subject',
  subjectRequired: 'Give the email a subject.',
  subjectTooLong: `A subject has at most ${NEWSLETTER_LIMITS.subjectMax} characters.`,
  bodyRequired: 'Write something before sending.',
  bodyLabel: 'Email',
  bodyPlaceholder: 'Write your email…',
  saveDraft: 'Save draft',
  draftSaved: 'Draft saved.',
  sendTo: (n: number) => `Send to ${n.toLocaleString('en-US')} ${n === 1 ? 'subscriber' : 'subscribers'}`,
  confirmSend: (n: number) =>
    `Send this email to ${n.toLocaleString('en-US')} ${n === 1 ? 'subscriber' : 'subscribers'} now? It cannot be recalled.`,
  emailQueued: 'Your email is on its way.',
  draftNotFound: 'This draft does not exist.',
  editorLoading: 'Loading the editor…',
  backToSettings: 'Newsletter settings',
  // Import (spec §2 /me/subscribers/import)
  importTitle: 'Import subscribers',
  importLead:
    'Upload a CSV file with one email address a row, and optionally a name in the second column. A header row is fine. Each new address gets an email asking to confirm; nobody receives an issue before confirming.',
  chooseFile: 'CSV file',
  preview: 'Preview',
  previewTitle: 'Preview',
  toImport: (n: number) => `${n.toLocaleString('en-US')} new ${n === 1 ? 'address' : 'addresses'} to invite`,
  duplicates: (n: number) => `${n.toLocaleString('en-US')} repeated in the file`,
  alreadySubscribed: (n: number) => `${n.toLocaleString('en-US')} already subscribed or invited`,
  invalid: (n: number) => `${n.toLocaleString('en-US')} not valid`,
  row: (n: number) => `Row ${n}`,
  problems: {
    invalidEmail: 'Not an email address',
    invalidCharacters: 'Holds characters that cannot be stored',
    tooLong: 'Longer than an email address can be',
    nameTooLong: `Name longer than ${NEWSLETTER_LIMITS.nameMax} characters`,
  } satisfies Record<ImportRowProblem, string>,
  confirmImport: (n: number) =>
    `Send ${n.toLocaleString('en-US')} confirmation ${n === 1 ? 'email' : 'emails'}`,
  imported: (n: number) =>
    `${n.toLocaleString('en-US')} confirmation ${n === 1 ? 'email is' : 'emails are'} on ${n === 1 ? 'its' : 'their'} way.`,
  nothingToImport: 'There is no new address to invite in this file.',
  fileTooLarge: `The file is too large: a CSV of at most ${mib(SUBSCRIBER_IMPORT_MAX_BYTES)} is accepted.`,
  tooManyRows: `The file has too many rows: at most ${SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString('en-US')} are accepted.`,
  notCsv: 'This file is not a CSV of email addresses.',
  emptyFile: 'The file is empty.',
  noNewsletter: 'You have no newsletter to import into.',
  // Confirmation email
  confirmSubject: (newsletter: string) => `Confirm your subscription to ${newsletter}`,
  confirmBody: (newsletter: string, productName: string, url: string) =>
    `${newsletter} on ${productName} would like to send you its newsletter. Confirm that you want it:\n\n${url}\n\nIf you do nothing, you will not get any email from it.`,
  // Export (spec §2 /me/subscribers/confirm-export)
  exportTitle: 'Export subscribers',
  exportLead: `We build a CSV file of the newsletter’s subscribers (email, name, date, source, confirmed) in the background and email you a link. The link works for ${EXPORT_VALID_DAYS} days, for you alone while you are signed in.`,
  requestExport: 'Export subscribers',
  /** The EXPORT_EMAIL_SUBSCRIBERS toast (spec §8 names the style, not its text). */
  exportRequested: 'We’re preparing your subscriber export. We’ll email you a link when it’s ready.',
  exportAlreadyRunning:
    'Your subscriber export is already on its way. We’ll email you a link when it’s ready.',
  exportReady: 'Your latest export is ready.',
  downloadCsv: 'Download CSV',
  exportGone: `This subscriber export has expired: files are kept for ${EXPORT_VALID_DAYS} days. Request a new one.`,
  exportNotFound: 'This newsletter does not exist.',
  exportSignIn: 'Sign in to download this export.',
  exportEmailSubject: (newsletter: string) => `Your subscriber export of ${newsletter} is ready`,
  exportEmailBody: (newsletter: string, url: string) =>
    `The CSV of ${newsletter}’s subscribers is ready. Download it here:\n\n${url}\n\nThe link works for ${EXPORT_VALID_DAYS} days and only while you are signed in.`,
  sources: { READER: 'reader', IMPORT: 'import' },
} as const;

/*
 * Your data export (spec §2 /me/export[/{exportId}]): a zip of the user's stories, drafts, responses, lists,
 * highlights and profile, built by a job, mailed as a link and kept for a week. The spec gives the paths only:
 * the statuses, the limits and every word here are ours.
 */

/** Where an export is: waiting for the job, being built, ready to download, failed, or past its week. */
export const ExportStatus = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type ExportStatus = (typeof ExportStatus)[number];

/** The statuses of an export still on its way: a user has at most one of these at a time. */
export const ACTIVE_EXPORT_STATUSES = ['QUEUED', 'RUNNING'] as const satisfies readonly ExportStatus[];

/** Days a ready export can be downloaded; then the file is deleted and the link answers 410. */
export const EXPORT_VALID_DAYS = 7;
export const EXPORT_VALID_MS = EXPORT_VALID_DAYS * 24 * 60 * 60 * 1000;

/** How many of a user's past exports /me/export lists. */
export const EXPORT_LIST_LIMIT = 10;

/** The download path of an export's zip (served by the server to its owner only). */
export const exportDownloadPath = (exportId: string) => `/me/export/${exportId}/download`;

/** The page of one export. */
export const exportPagePath = (exportId: string) => `/me/export/${exportId}`;

/** The zip's file name as the browser saves it, e.g. `quire-export-2026-11-25.zip`. */
export const exportFileName = (productName: string, readyAt: Date) =>
  `${productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-export-${readyAt.toISOString().slice(0, 10)}.zip`;

/** Whole megabytes (one decimal under 10 MB) or kilobytes, for the export's size. */
export function formatExportSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export const exportTexts = {
  title: 'Export your data',
  lead: 'Download a copy of what you wrote and saved here, to keep or to take elsewhere.',
  contents: [
    'Your stories and drafts, each as an HTML page and as Markdown, with the images they use',
    'Your responses',
    'Your lists and the stories in them',
    'Your highlights',
    'Your profile',
  ],
  howItWorks: `We build the .zip file in the background and email you a link when it is ready. The link works for ${EXPORT_VALID_DAYS} days, for you alone while you are signed in.`,
  request: 'Request export',
  requested: "We're preparing your export. We'll email you a link to download the .zip file soon.",
  alreadyRunning: 'Your export is already on its way; here is where it stands.',
  recentTitle: 'Recent exports',
  recentEmpty: 'You have not exported your data yet.',
  exportTitle: 'Your export',
  view: 'View',
  download: 'Download .zip',
  backToExports: 'All exports',
  statuses: {
    QUEUED: 'Waiting to start',
    RUNNING: 'Being prepared',
    READY: 'Ready to download',
    FAILED: 'Failed',
    EXPIRED: 'Expired',
  } satisfies Record<ExportStatus, string>,
  progressLabel: 'Export progress',
  failed: 'Something went wrong while building this export. Request a new one to try again.',
  expired: `This export was deleted ${EXPORT_VALID_DAYS} days after it was ready. Request a new one to get a fresh copy.`,
  requestedAt: (when: string) => `Requested ${when}`,
  expiresAt: (when: string) => `Available until ${when}`,
  notFound: 'This export does not exist.',
  gone: `This export has expired: downloads are kept for ${EXPORT_VALID_DAYS} days. Request a new one from your export page.`,
  signIn: 'Sign in to download your export.',
  emailSubject: (productName: string) => `Your ${productName} export is ready`,
  emailBody: (productName: string, url: string) =>
    `The export of your ${productName} data is ready. Download the .zip file here:\n\n${url}\n\nThe link works for ${EXPORT_VALID_DAYS} days and only while you are signed in.`,
} as const;

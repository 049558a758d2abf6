import type { OnboardingStatus } from './enums';

/*
 * Onboarding after sign-up (spec §2 /get-started, /m/getting-started, /customize-topics, /welcome; §3
 * onboarding status; §4 "Skip onboarding is set for entry points such as clap, highlight, respond, paywall").
 * The steps and every word here are ours.
 */

/** Entry points whose sign-up goes straight back to what the reader was doing (spec §4). */
export const SKIP_ONBOARDING_ENTRY_POINTS: readonly string[] = ['clap', 'highlight', 'respond', 'paywall'];

/** The onboarding status a new account starts with, from what asked for it. */
export function onboardingStatusFor(entryPoint: string | null | undefined): OnboardingStatus {
  return entryPoint && SKIP_ONBOARDING_ENTRY_POINTS.includes(entryPoint) ? 'SKIPPED' : 'NOT_ONBOARDED';
}

export const GET_STARTED_PATH = '/get-started';

/** Where a new account goes first: the onboarding's first step (then its redirect), or the redirect itself. */
export function afterSignUpPath(status: OnboardingStatus, redirect: string): string {
  if (status !== 'NOT_ONBOARDED') return redirect;
  return redirect === '/' ? GET_STARTED_PATH : `${GET_STARTED_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/** The fewest topics the first step suggests picking. */
export const ONBOARDING_MIN_TOPICS = 3;

export const onboardingTexts = {
  topicsTitle: (firstName: string) => (firstName ? `Welcome, ${firstName}.` : 'Welcome.'),
  topicsLead: 'What are you curious about? Follow a few topics and your home fills with stories about them.',
  topicsHint: (min: number) => `Pick ${min} or more.`,
  customizeTitle: 'Your topics',
  customizeLead: 'Follow the topics you want more of, and unfollow the rest. Your home changes with them.',
  writersTitle: 'Writers to follow',
  writersLead: 'Writers who publish on the topics you picked, and writers readers follow.',
  writersEmpty: 'No suggestions yet: follow a topic or two first.',
  continue: 'Continue',
  skip: 'Skip for now',
  done: 'Done',
  welcomeTitle: 'You are all set',
  welcomeLead: 'Your home is ready. Read what you picked, and write when you have something to say.',
  startReading: 'Start reading',
  writeStory: 'Write a story',
  changeTopics: 'Change your topics any time from Following.',
  suspendedTitle: 'Your account is suspended',
  notAvailableTitle: 'Not available',
  notAvailableLead: 'This page is not available where you are.',
  backHome: 'Back to the home page',
} as const;

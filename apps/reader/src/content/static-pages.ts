import { FREE_STORIES_PER_MONTH, PRODUCT_NAME, TRASH_RETENTION_DAYS } from '@quire/domain';
import type { StaticPageName } from './static-heads';

/*
 * The words of Quire's own pages (about, help, terms, privacy, writers, careers, status, blog, text to
 * speech). The spec gives their paths, not their words: these are ours, about what Quire does today.
 */

/** A link inside a section. */
export interface StaticLink {
  label: string;
  href: string;
}

/** One section of a page: a heading, its paragraphs, and optional links. */
export interface StaticSection {
  id: string;
  heading: string;
  paragraphs: string[];
  links?: StaticLink[];
}

/** A page of Quire's own: its lead paragraph and its sections (its title is in static-heads.ts). */
export interface StaticPageContent {
  lead: string;
  sections: StaticSection[];
  /** Shown under the sections: when the page was last changed (terms, privacy). */
  updated?: string;
}

const product = PRODUCT_NAME;

export const aboutPage: StaticPageContent = {
  lead: `${product} is a home for writing that deserves attention. Anyone can publish; readers follow the writers, publications and topics they care about, and members pay a subscription that goes to the writers they read.`,
  sections: [
    {
      id: 'readers',
      heading: 'For readers',
      paragraphs: [
        'Your home page brings together new stories from the people and publications you follow, with recommendations drawn from the topics you read.',
        'Clap for what moves you, save stories to read later, and respond to join the conversation. Mute or block anyone you would rather not hear from.',
      ],
      links: [
        { label: 'Explore topics', href: '/topics' },
        { label: 'See what is trending', href: '/trending' },
      ],
    },
    {
      id: 'writers',
      heading: 'For writers',
      paragraphs: [
        'A distraction-free editor saves as you type. Publish on your own, or write for a publication whose editors review your submission.',
        'Edits to a published story wait until you press Publish changes, so readers never see a half-finished revision.',
      ],
      links: [{ label: 'Start writing', href: '/new-story' }],
    },
    {
      id: 'membership',
      heading: 'Membership',
      paragraphs: [
        `Some stories are for members only. Everyone with an account can read ${FREE_STORIES_PER_MONTH} of them for free each month; members read them all, without limits, and their subscription is shared among the writers they read.`,
      ],
      links: [{ label: 'Membership', href: '/membership' }],
    },
  ],
};

export const helpPage: StaticPageContent = {
  lead: `Answers to the questions people ask most about ${product}. Can't find yours? Write to the team from the address on the About page.`,
  sections: [
    {
      id: 'writing',
      heading: 'Writing a story',
      paragraphs: [
        'Press Write in the top bar to open the editor. Your draft saves itself as you type; the status line says when it was last saved.',
        'Select text to make it bold, italic or a link, or to turn it into a heading or a quote. Press Enter on an empty line for the insert menu: images, embeds, code and separators.',
      ],
      links: [{ label: 'Write a story', href: '/new-story' }],
    },
    {
      id: 'publishing',
      heading: 'Publishing and editing',
      paragraphs: [
        'When your story is ready, press Publish, add up to five topics and choose a publication if you write for one. Stories you submit to a publication are published once one of its editors approves them.',
        'Editing a published story keeps your changes as unpublished changes: readers see the published version until you press Publish changes, and Discard changes brings back what is live.',
        `A deleted story goes to the trash, where you can restore it for ${TRASH_RETENTION_DAYS} days before it is removed for good.`,
      ],
    },
    {
      id: 'members-only',
      heading: 'Members-only stories',
      paragraphs: [
        `Members-only stories show a preview to everyone. With a free account you can read ${FREE_STORIES_PER_MONTH} of them in full each month; members can read all of them.`,
        'Writers in the Partner Program, and the editors of a publication for its stories, can make a story members-only in the publish dialog. Its author can share a friend link that opens it for anyone.',
      ],
      links: [{ label: 'About membership', href: '/membership' }],
    },
    {
      id: 'following',
      heading: 'Following and your lists',
      paragraphs: [
        'Follow writers, publications and topics to see their new stories on your home page. Save stories to your reading list with the bookmark under each story.',
      ],
      links: [{ label: 'Your lists', href: '/me/lists' }],
    },
    {
      id: 'privacy-controls',
      heading: 'Privacy and safety controls',
      paragraphs: [
        'Mute a writer or a publication to stop seeing their stories. Block someone to stop them following you or reading your stories; they are not told. Report a person or a publication and the team will review it.',
      ],
      links: [{ label: 'Privacy policy', href: '/privacy' }],
    },
    {
      id: 'account',
      heading: 'Signing in and security',
      paragraphs: [
        'Sign in with a link sent to your email, with Google, or with a password if you set one. Turn on two-factor authentication to be asked for a code from your authenticator app as well.',
      ],
    },
  ],
};

export const termsPage: StaticPageContent = {
  lead: `These terms govern your use of ${product}. By creating an account or using the service you agree to them.`,
  updated: 'November 2026',
  sections: [
    {
      id: 'account',
      heading: 'Your account',
      paragraphs: [
        'You are responsible for your account and for what is published from it. Keep your sign-in details safe and tell us if you think someone else has used your account.',
        'You must be old enough to agree to these terms where you live.',
      ],
    },
    {
      id: 'content',
      heading: 'Your content',
      paragraphs: [
        `You own what you write. By publishing it on ${product} you allow us to host, show and distribute it on the service (including in feeds, search and newsletters you choose to send), under the licence you pick for each story.`,
        'Do not publish what you have no right to publish, and do not use the service to harass, deceive or endanger anyone. We may remove content or suspend accounts that break these rules; a suspended account can still read but cannot publish or change anything.',
      ],
    },
    {
      id: 'membership',
      heading: 'Membership and payments',
      paragraphs: [
        'Membership is a subscription that renews until you cancel it. When you cancel, you keep access until the end of the period you paid for. Prices are shown before you pay and are charged in the currency shown.',
        'Gift memberships are paid once and start when the recipient redeems the code.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes and ending',
      paragraphs: [
        'We may change these terms; when the change matters we will tell you before it takes effect. You can stop using the service and delete your account at any time.',
        'The service is provided as is. To the extent the law allows, we are not liable for indirect losses arising from its use.',
      ],
    },
  ],
};

export const privacyPage: StaticPageContent = {
  lead: `${product} collects what it needs to run the service and to pay writers fairly, and nothing to sell.`,
  updated: 'November 2026',
  sections: [
    {
      id: 'collect',
      heading: 'What we collect',
      paragraphs: [
        'Your account: your name, username, email address, profile photo and bio, and a hash of your password if you set one (never the password itself).',
        'What you do: the stories you publish, clap for, save, respond to and read. Reading time on members-only stories is recorded to share membership money among the writers you read.',
        'Technical data: your IP address and browser, used to keep the service secure (for example to slow down repeated sign-in attempts) and to count free stories per network.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'A session cookie keeps you signed in; an anti-forgery cookie protects your account from requests made by other sites; a visitor cookie tells one reader from another without an account. Pages that every reader sees alike are sent without cookies so they can be cached.',
      ],
    },
    {
      id: 'use',
      heading: 'How we use it',
      paragraphs: [
        'To run the service: show you the stories you asked for, send the emails you chose, and keep accounts safe. To pay writers: member reading time decides how membership money is shared.',
        'We do not sell personal data and we do not show third-party ads.',
      ],
    },
    {
      id: 'choices',
      heading: 'Your choices',
      paragraphs: [
        'You can change your profile, choose which emails you get, mute and block people, and delete your account. Deleting your account removes your profile and your stories.',
      ],
      links: [{ label: 'Help with privacy controls', href: '/help#privacy-controls' }],
    },
  ],
};

export const creatorsPage: StaticPageContent = {
  lead: 'Write what you know, publish in a minute, and reach readers who follow you and the topics you write about.',
  sections: [
    {
      id: 'publish',
      heading: 'Publish in one step',
      paragraphs: [
        'The editor gets out of your way: headings, quotes, images, embeds and code, all from the keyboard. Your drafts save as you type, and earlier versions stay one click away.',
      ],
      links: [{ label: 'Start writing', href: '/new-story' }],
    },
    {
      id: 'readers',
      heading: 'Find your readers',
      paragraphs: [
        'Readers who follow you see your stories on their home page. Topics put your stories in front of people who read about them, and publications bring their own audience.',
      ],
    },
    {
      id: 'earn',
      heading: 'Earn from your writing',
      paragraphs: [
        'Writers in the Partner Program can make stories members-only. Members pay a subscription, and it is shared among the writers whose members-only stories they read, by reading time.',
      ],
      links: [{ label: 'Tools for writers', href: '/creator-tools' }],
    },
  ],
};

export const creatorToolsPage: StaticPageContent = {
  lead: 'Everything a writer or a publication needs to publish well, in one place.',
  sections: [
    {
      id: 'editor',
      heading: 'The editor',
      paragraphs: [
        'Write with headings, quotes, lists, images, embeds from trusted sites and code blocks. Edits to published stories wait for Publish changes; earlier versions can be restored.',
      ],
    },
    {
      id: 'publications',
      heading: 'Publications',
      paragraphs: [
        'A publication gathers writers under one name. Its editors review submissions and publish them; its readers follow it for every new story.',
      ],
    },
    {
      id: 'feeds',
      heading: 'Feeds and sharing',
      paragraphs: [
        'Every writer, publication and topic has an RSS feed. Authors of members-only stories can share a friend link that opens the story for anyone.',
      ],
    },
    {
      id: 'partner',
      heading: 'The Partner Program',
      paragraphs: [
        'Partner Program writers can put stories behind the paywall and earn from members’ reading time.',
      ],
    },
  ],
};

export const jobsPage: StaticPageContent = {
  lead: `${product} is built by a small team that reads and writes on it every day.`,
  sections: [
    {
      id: 'how',
      heading: 'How we work',
      paragraphs: [
        'We care about writing that lasts, software that is fast and honest about what it does, and a service that pays the people whose work it shows.',
      ],
    },
    {
      id: 'roles',
      heading: 'Open roles',
      paragraphs: ['There are no open roles right now. When there are, they will be listed on this page.'],
    },
  ],
};

export const blogPage: StaticPageContent = {
  lead: `News about ${product}: what we built, and why.`,
  sections: [
    {
      id: 'unpublished-changes',
      heading: 'Edits now wait for Publish changes',
      paragraphs: [
        'Editing a published story used to change it for readers as soon as your draft saved. Now your edits are kept as unpublished changes until you press Publish changes, and you can discard them to go back to what is live.',
      ],
    },
    {
      id: 'search',
      heading: 'Search finds every word',
      paragraphs: [
        'Search now finds a story by any word of its title, subtitle or body, within seconds of publishing. Members-only stories are found by their preview, and by the rest of their text for members.',
      ],
    },
    {
      id: 'free-stories',
      heading: `${FREE_STORIES_PER_MONTH} free members-only stories a month`,
      paragraphs: [
        `Everyone with a free account can read ${FREE_STORIES_PER_MONTH} members-only stories in full each month.`,
      ],
    },
  ],
};

export const textToSpeechPage: StaticPageContent = {
  lead: 'Every story on Quire can be listened to with the text-to-speech built into your device.',
  sections: [
    {
      id: 'listen',
      heading: 'How to listen',
      paragraphs: [
        'Story pages are plain, well-structured text: headings, paragraphs and image descriptions are read in order by screen readers and by the read-aloud features of browsers and phones.',
        'On most phones, open a story and use the system’s read-aloud or “speak screen” feature; in desktop browsers, use the read-aloud command of the browser or of your screen reader.',
      ],
    },
  ],
};

export const statusPage: StaticPageContent = {
  lead: 'The state of the service, checked when you open this page.',
  sections: [
    {
      id: 'reporting',
      heading: 'Reporting a problem',
      paragraphs: [
        'If something is not working and this page says all is well, reload the page you were on; if it keeps failing, tell us through the Help page.',
      ],
      links: [{ label: 'Help', href: '/help' }],
    },
  ],
};

/** Every page's words, by name. */
export const staticPages: Record<StaticPageName, StaticPageContent> = {
  about: aboutPage,
  help: helpPage,
  terms: termsPage,
  privacy: privacyPage,
  creators: creatorsPage,
  creatorTools: creatorToolsPage,
  jobs: jobsPage,
  blog: blogPage,
  textToSpeech: textToSpeechPage,
  status: statusPage,
};

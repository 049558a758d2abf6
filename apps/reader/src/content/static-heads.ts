import { PRODUCT_NAME } from '@quire/domain';

/** Quire's own pages: each one's title and description (small, so every route can name its head). */

const product = PRODUCT_NAME;

export const staticHeads = {
  about: {
    title: `About ${product}`,
    description: `${product} is a place to read, write and think in public: stories from writers you follow, and a membership that pays them.`,
  },
  help: {
    title: 'Help',
    description: `How to read, write, publish and manage your account on ${product}.`,
  },
  terms: {
    title: 'Terms of Service',
    description: `The terms for using ${product}.`,
  },
  privacy: {
    title: 'Privacy Policy',
    description: `What ${product} collects, why, and the choices you have.`,
  },
  creators: {
    title: `Write on ${product}`,
    description: `Publish, find readers and earn on ${product}.`,
  },
  creatorTools: {
    title: 'Tools for writers',
    description: `What ${product} gives writers and publications.`,
  },
  jobs: {
    title: 'Careers',
    description: `Working on ${product}: how the team works, and the roles open now.`,
  },
  blog: {
    title: `The ${product} blog`,
    description: `What is new on ${product}.`,
  },
  textToSpeech: {
    title: 'Text to speech',
    description: `Listening to stories on ${product}.`,
  },
  status: {
    title: `${product} status`,
    description: `Whether ${product} is up right now.`,
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type StaticPageName = keyof typeof staticHeads;

// `pnpm screenshots`: the README's pictures, taken from the running demo so they stay current. Seeds the demo
// into its own database, starts a production server on 127.0.0.1, and with Debian's Chromium captures the
// reader's home, a story, the editor and the paywall at a desktop (1280 px) and a phone (375 px) width, written
// as WebP under docs/screenshots/. Needs the client apps built (`pnpm build`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSession, postPath } from '@quire/api';
import { Post } from '@quire/db';
import { dialogTexts, firstUseTooltip } from '@quire/domain';
import { launchBrowser } from '@quire/e2e';
import { DEMO } from '@quire/seed';
import sharp from 'sharp';
import { numberOption, repoRoot, startSeededServer } from './setup';

const port = numberOption('port', 3905);
const pgPort = numberOption('pg-port', 54338);
const outDir = path.join(repoRoot, 'docs/screenshots');
/** Each picture stays under this size, so the README loads quickly. */
const MAX_BYTES = 150 * 1024;

/** The phone is drawn at its device pixel ratio of 2, as a phone's screen shows it. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800, scale: 1, mobile: false },
  { name: 'phone', width: 375, height: 812, scale: 2, mobile: true },
] as const;

type Page = Awaited<ReturnType<Awaited<ReturnType<typeof launchBrowser>>['context']['newPage']>>;

interface Shot {
  name: string;
  path: string;
  /** Signed in as the demo writer (the editor); otherwise a visitor. */
  signedIn?: boolean;
  /** Waits for the page's content and puts the part to show in view. */
  ready(page: Page): Promise<void>;
}

const { server, prepared } = await startSeededServer({
  dataName: 'screenshots',
  label: 'screenshots',
  port,
  pgPort,
  env: { RUN_JOBS: 'false' },
  prepare: async (orm) => {
    const em = orm.em.fork();
    const pathOf = async (id: string) =>
      postPath(await em.findOneOrFail(Post, id, { populate: ['creator', 'collection'] }));
    const draft = await em.findOneOrFail(Post, DEMO.draftId, { populate: ['creator'] });
    const { token } = await createSession(em, draft.creator, { ip: '127.0.0.1', now: new Date() });
    return {
      token,
      storyPath: await pathOf(DEMO.story.id),
      lockedPath: await pathOf(DEMO.lockedStory.id),
      draftId: draft.id,
    };
  },
});

const shots: Shot[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await page.locator('main').first().waitFor();
    },
  },
  {
    name: 'story',
    path: prepared.storyPath,
    ready: async (page) => {
      await page.locator('article').first().waitFor();
    },
  },
  {
    name: 'editor',
    path: `/p/${prepared.draftId}/edit`,
    signedIn: true,
    ready: async (page) => {
      await page.locator('.ProseMirror').first().waitFor();
    },
  },
  {
    name: 'paywall',
    path: prepared.lockedPath,
    ready: async (page) => {
      const paywall = page.getByTestId('paywall');
      await paywall.waitFor();
      // The end of the preview above the box, as a reader reaches it.
      await paywall.evaluate((box) => box.scrollIntoView({ block: 'end' }));
      await page.evaluate(() => window.scrollBy(0, 24));
    },
  },
];

/** The smallest WebP under MAX_BYTES, stepping the quality down from 80. */
async function webp(png: Buffer): Promise<Buffer> {
  let out = png;
  for (const quality of [80, 70, 60, 50, 40]) {
    out = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
    if (out.byteLength <= MAX_BYTES) return out;
  }
  return out;
}

const written: string[] = [];
const browser = await launchBrowser();
try {
  const { hostname } = new URL(server.origin);
  mkdirSync(outDir, { recursive: true });
  for (const shot of shots) {
    for (const size of WIDTHS) {
      await browser.context.clearCookies();
      if (shot.signedIn) {
        await browser.context.addCookies([
          { name: 'sid', value: prepared.token, domain: hostname, path: '/' },
        ]);
      }
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: size.width, height: size.height });
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setDeviceMetricsOverride', {
        width: size.width,
        height: size.height,
        deviceScaleFactor: size.scale,
        mobile: size.mobile,
      });
      await page.goto(`${server.origin}${shot.path}`, { waitUntil: 'networkidle' });
      await dismissFirstUse(page);
      await shot.ready(page);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      // Through DevTools, so the capture keeps the emulated pixel ratio.
      const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
      const png = Buffer.from(data, 'base64');
      const image = await webp(png);
      const file = path.join(outDir, `${shot.name}-${size.name}.webp`);
      writeFileSync(file, image);
      written.push(`${path.relative(repoRoot, file)} (${(image.byteLength / 1024).toFixed(1)} KB)`);
      console.error(`screenshots: ${written.at(-1)}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(written.join('\n'));

/** Closes the first-use tooltip and the privacy banner when they show, as a returning visitor sees the page. */
async function dismissFirstUse(page: Page): Promise<void> {
  for (const name of [firstUseTooltip.dismiss, dialogTexts.gotIt]) {
    const button = page.getByRole('button', { name, exact: true });
    if (await button.count()) {
      await button
        .first()
        .click({ timeout: 2_000 })
        .catch(() => {});
    }
  }
}

/**
 * Hand-written building blocks of the demo content. Prose uses a tiny inline syntax that
 * `parseInline` turns into markups: **strong**, *em*, `code`, ==highlight== and [text](href).
 */

export interface SectionBlock {
  heading: string;
  paragraphs: [string, ...string[]];
  list?: { ordered: boolean; items: string[] };
  quote?: string;
  code?: { language: string; text: string };
  /** Illustrate the section with an image after its first paragraph. */
  image?: boolean;
}

export interface TopicBlocks {
  slug: string;
  name: string;
  /** Ten [title, subtitle] pairs: one story each. */
  titles: [string, string][];
  intros: string[];
  sections: SectionBlock[];
  pullQuotes: string[];
}

const lines = (...rows: string[]) => rows.join('\n');

export const TOPICS: TopicBlocks[] = [
  {
    slug: 'technology',
    name: 'Technology',
    titles: [
      [
        'The Quiet Death of the Personal Website',
        'We traded our corners of the web for feeds we don’t control. Some people are building them back.',
      ],
      [
        'Why Your Phone Feels Slower Every Year',
        'It isn’t only planned obsolescence. It’s software that grows to fill every spare cycle.',
      ],
      [
        'What I Learned Running a Home Server for Five Years',
        'Backups, power cuts, and the one hard drive that refused to die.',
      ],
      [
        'Edge Computing Is Mostly About Latency, and That’s Fine',
        'Cutting through the marketing to what actually gets faster.',
      ],
      [
        'The Case for Boring Technology, Revisited',
        'A decade later, the argument for well-understood tools holds up better than ever.',
      ],
      [
        'Passkeys Are Finally Ready for Normal People',
        'After years of false starts, signing in without a password is getting easy.',
      ],
      [
        'How Search Engines Actually Rank a Page',
        'A plain-language tour of crawling, indexing and the signals that matter.',
      ],
      [
        'Batteries, Not Chips, Are the Real Bottleneck',
        'Why the next decade of devices depends on chemistry more than transistors.',
      ],
      ['I Replaced My Smart Home With Dumb Switches', 'And my house became more reliable overnight.'],
      [
        'The Hidden Cost of Free Cloud Tiers',
        'Free is a pricing strategy, not a gift. Plan for the day the bill arrives.',
      ],
    ],
    intros: [
      'Every few years the industry declares a technology dead, and every few years it turns out to be **quietly running half the world**. The interesting question is rarely whether something is new. It is whether it makes the everyday work of ordinary people a little easier.',
      'I have spent most of my career close to the machines: racking servers, reading crash reports, answering the support tickets nobody else wanted. That vantage point makes you suspicious of *revolutions* and very fond of things that simply keep working.',
      'Technology coverage tends to focus on launches. This piece is about what happens afterwards, in the months when the keynote glow fades and the product has to survive contact with real homes, real networks and real budgets.',
    ],
    sections: [
      {
        heading: 'What actually changed',
        paragraphs: [
          'The honest answer is less than the headlines suggest. The hardware got faster, yes, but the bigger shift happened in the defaults: what ships enabled, what users are nudged towards, and what quietly stops being supported. Those decisions are made by a handful of platform owners, and they ripple outward for years.',
          'If you remember one thing, make it the support window. A device that gets security updates for seven years is *cheaper* than one that costs half as much and is abandoned after two.',
        ],
        list: {
          ordered: false,
          items: [
            'Defaults matter more than features, because most people never open the settings screen.',
            'Support windows matter more than specs: a fast device without updates is a liability.',
            'Interoperability matters more than polish, because nobody lives inside a single vendor’s world.',
          ],
        },
      },
      {
        heading: 'A small experiment',
        paragraphs: [
          'To test the idea I ran a simple measurement on my own network: how long does a typical page take to become usable on a mid-range phone over a mediocre connection? I used `curl` and the browser’s built-in [Performance panel](https://developer.chrome.com/docs/devtools/performance), nothing fancier.',
          'The numbers were humbling. Time to first byte was fine almost everywhere; the delay came afterwards, while megabytes of script were parsed and executed on a processor that was already busy doing everything else. ==Latency was never the network alone.==',
        ],
        code: {
          language: 'bash',
          text: lines(
            "curl -o /dev/null -s -w 'dns %{time_namelookup}s\\n' \\",
            "  -w 'connect %{time_connect}s\\n' \\",
            "  -w 'first byte %{time_starttransfer}s\\n' \\",
            "  -w 'total %{time_total}s\\n' https://example.com/",
          ),
        },
      },
      {
        heading: 'The trade-offs nobody advertises',
        paragraphs: [
          'Every convenience is paid for somewhere. Cloud sync is paid for with a dependency on someone else’s servers. Automatic updates are paid for with the occasional broken morning. Smart features are paid for with data that leaves the house.',
          'None of that makes the conveniences bad. It makes them *choices*, and choices are easier to make well when the costs are written down next to the benefits.',
        ],
        quote: 'The most reliable component is the one you didn’t add.',
        image: true,
      },
      {
        heading: 'What I’d recommend',
        paragraphs: [
          'Start with the boring questions before the exciting ones. Who maintains this? How do I get my data out? What happens when the company behind it is acquired, pivots, or simply loses interest?',
          'It is not glamorous advice, but it has saved me from more bad purchases than any review ever did.',
        ],
        list: {
          ordered: true,
          items: [
            'Check how long the vendor promises security updates.',
            'Export your data once, on day one, to make sure you can.',
            'Keep one offline fallback for anything you truly depend on.',
            'Prefer **open standards** when two options are otherwise close.',
          ],
        },
      },
    ],
    pullQuotes: [
      'A fast device without updates is a liability, not a bargain.',
      'The best technology disappears into the routine of a normal day.',
    ],
  },
  {
    slug: 'programming',
    name: 'Programming',
    titles: [
      [
        'Stop Catching Errors You Can’t Handle',
        'Most try/catch blocks make bugs harder to find. Here’s a better default.',
      ],
      ['A Gentle Introduction to Property-Based Testing', 'Let the computer find the edge cases you forgot.'],
      [
        'Writing SQL You Won’t Regret in Six Months',
        'Small habits that keep queries readable, fast and correct.',
      ],
      [
        'TypeScript’s Type Narrowing, Explained With Real Bugs',
        'How the compiler follows your control flow, and where it gives up.',
      ],
      [
        'The Pull Request Nobody Wants to Review',
        'Big diffs stall teams. Here’s how to slice work into reviewable pieces.',
      ],
      [
        'Idempotency Keys: The Boring Fix for Duplicate Payments',
        'Retries are inevitable. Double charges don’t have to be.',
      ],
      [
        'Understanding the Event Loop Without the Diagrams',
        'What actually happens between your await and the next line.',
      ],
      [
        'Keyset Pagination Is Worth the Extra Ten Lines',
        'OFFSET works until it doesn’t. A practical guide to cursor-based pages.',
      ],
      [
        'Reading Other People’s Code Is a Skill You Can Practice',
        'A routine for getting oriented in an unfamiliar codebase in an afternoon.',
      ],
      [
        'What a Year of Writing Rust Taught Me About Ownership',
        'The borrow checker was annoying for a month, then it changed how I design everything.',
      ],
    ],
    intros: [
      'Most bugs I have fixed in production were not clever. They were small assumptions that nobody wrote down: a list that was *usually* sorted, a field that was *almost never* null, a retry that *probably* would not happen twice.',
      'This is a practical piece. There is code in it, there are mistakes I have made, and there is a short list you can take into your next code review. The examples use **TypeScript** and **PostgreSQL**, but the ideas travel well.',
      'Every team has a corner of the codebase that everyone is afraid to touch. Usually it got that way one reasonable shortcut at a time. The good news is that the way out is also one small, reasonable change at a time.',
    ],
    sections: [
      {
        heading: 'Start with the failure mode',
        paragraphs: [
          'Before writing the happy path, write down what happens when things go wrong. Which errors can this function actually *handle*, and which should bubble up to someone who can? A `catch` block that logs and carries on is not handling an error; it is hiding one.',
          'Notice what is *not* there: no blanket `try`, no default object that pretends everything worked. When this throws, the stack trace points straight at the problem.',
        ],
        code: {
          language: 'typescript',
          text: lines(
            'async function loadProfile(id: string): Promise<Profile | null> {',
            '  const row = await db.users.findById(id);',
            '  if (!row) return null; // a missing user is an expected outcome',
            '  return toProfile(row); // anything else is a bug: let it throw',
            '}',
          ),
        },
      },
      {
        heading: 'Make the database do the work',
        paragraphs: [
          'Application code is a poor place to filter a million rows. Push conditions, ordering and limits into the query, and let the planner use the indexes you already paid for. [Use The Index, Luke](https://use-the-index-luke.com/) is still the best free introduction.',
          'This is **keyset pagination**: instead of skipping rows with `OFFSET`, each page starts where the previous one ended. It stays fast on page five hundred, and it never shows the same row twice when new rows arrive.',
        ],
        code: {
          language: 'sql',
          text: lines(
            'SELECT id, title, published_at',
            'FROM posts',
            "WHERE status = 'PUBLISHED'",
            '  AND (published_at, id) < ($1, $2)',
            'ORDER BY published_at DESC, id DESC',
            'LIMIT 20;',
          ),
        },
      },
      {
        heading: 'Tests that earn their keep',
        paragraphs: [
          'A good test fails for exactly one reason and tells you what that reason is. A great test describes behaviour a user would recognise. If the test name reads like a sentence from the spec, you are on the right track.',
          'A suite like that doubles as documentation. New teammates read it to learn what the system promises, and reviewers read it to see what a change is supposed to do.',
        ],
        list: {
          ordered: false,
          items: [
            'Test behaviour through public interfaces, not private helpers.',
            'Use a real database in integration tests; mocks drift from reality.',
            'Name tests after the rule they protect, not the function they call.',
            'Delete tests that only ever fail when you refactor.',
          ],
        },
        code: {
          language: 'typescript',
          text: lines(
            "it('never lists a draft on the home feed', async () => {",
            "  const draft = await createPost({ status: 'DRAFT' });",
            '  const feed = await latestPosts({ limit: 20 });',
            '  expect(feed.map((p) => p.id)).not.toContain(draft.id);',
            '});',
          ),
        },
      },
      {
        heading: 'Small pull requests, on purpose',
        paragraphs: [
          'The size of a change is the strongest predictor of how long it waits for review and how many bugs slip through. Splitting work is a skill: land the refactor first, then the feature behind a flag, then the cleanup.',
          'Feature flags make this possible. They let unfinished code ship *dark*, so the branch never lives long enough to rot. Just remember to delete the flag when the rollout is done.',
        ],
        code: {
          language: 'typescript',
          text: lines(
            "if (flags.isEnabled('new_editor', viewer)) {",
            '  return renderNewEditor(post);',
            '}',
            'return renderLegacyEditor(post);',
          ),
        },
      },
    ],
    pullQuotes: [
      'A catch block that logs and carries on is not handling an error; it is hiding one.',
      'Code is read far more often than it is written, so optimise for the reader.',
    ],
  },
  {
    slug: 'design',
    name: 'Design',
    titles: [
      [
        'Good Defaults Are the Most Underrated Design Decision',
        'Most people never change a setting. Design for them.',
      ],
      [
        'The Empty State Is Your First Impression',
        'What users see before they have any data says more than your landing page.',
      ],
      [
        'Designing Forms People Actually Finish',
        'Fewer fields, clearer errors, and the surprising power of a good label.',
      ],
      [
        'Typography Is Ninety Percent of the Reading Experience',
        'Line length, leading and contrast do more than any illustration.',
      ],
      [
        'Why Every Design System Eventually Gets Rewritten',
        'And how to make the second version the last big one.',
      ],
      [
        'Dark Patterns Are a Short-Term Loan',
        'Tricking users into clicks borrows against trust you’ll have to repay.',
      ],
      [
        'Accessibility Is a Design Constraint, Not a Checklist',
        'Designing for keyboards and screen readers makes the product better for everyone.',
      ],
      [
        'How to Run a Usability Test With Five People and a Laptop',
        'You don’t need a lab. You need a script, a quiet room and the discipline to stay silent.',
      ],
      [
        'Color Systems That Survive Dark Mode',
        'Pick tokens by role, not by hue, and the second theme almost designs itself.',
      ],
      ['The Button That Said Too Much', 'A small story about microcopy and a 12 percent drop in sign-ups.'],
    ],
    intros: [
      'Good design is mostly invisible. You notice it only when it is missing: the form that loses your input, the button that looks disabled but is not, the setting buried three menus deep.',
      'I have been designing software interfaces for a little over a decade, and the lesson I keep relearning is that **users do not read**. They scan, they guess, and they move on. Design has to work for that person, not for the idealised one in the persona deck.',
      'There is a version of design that lives in portfolios and a version that lives in products. This piece is about the second kind: the unglamorous decisions that decide whether people can actually get things done.',
    ],
    sections: [
      {
        heading: 'Design for the default user',
        paragraphs: [
          'Research from several large products points the same way: the overwhelming majority of people never change a default. That makes the default the real design, and every option in the settings screen a *footnote*.',
          'When a team argues about whether something should be an option, the better question is usually which behaviour is right for most people, most of the time.',
        ],
        list: {
          ordered: false,
          items: [
            'Pick the safest reasonable default, not the most impressive one.',
            'Make the current state visible before asking anyone to change it.',
            'Explain a setting in one sentence, or reconsider whether it should exist.',
          ],
        },
      },
      {
        heading: 'Words are interface',
        paragraphs: [
          'Microcopy carries more weight than its size suggests. A label that says *Continue* instead of **Pay $48 now** saves a few characters and costs a great deal of trust. People should never be surprised by what a button does.',
          'We rewrote every primary action in our checkout to say exactly what would happen next. Support tickets about accidental charges fell to almost nothing within a month.',
        ],
        quote: 'If a button’s label needs an explanation, the label is the problem.',
      },
      {
        heading: 'Tokens, not hex codes',
        paragraphs: [
          'A colour system survives new themes when it names colours by their role: background, surface, text, accent, danger. Components refer to roles, and each theme maps roles to values.',
          'With that in place, dark mode is a second table of values rather than a second design. Check contrast for every pair with a tool like the [WebAIM contrast checker](https://webaim.org/resources/contrastchecker/) and you are most of the way there.',
        ],
        code: {
          language: 'css',
          text: lines(
            ':root {',
            '  --color-bg: #ffffff;',
            '  --color-text: #242424;',
            '  --color-accent: #1a8917;',
            '}',
            "[data-theme='dark'] {",
            '  --color-bg: #121212;',
            '  --color-text: #e6e6e6;',
            '  --color-accent: #4caf50;',
            '}',
          ),
        },
      },
      {
        heading: 'Test with five people',
        paragraphs: [
          'You learn most of what a usability test can teach you from the first handful of sessions. After five, the same problems start repeating. Spend the budget on more rounds, not more participants per round.',
          'The hardest part is staying silent while someone struggles with a screen you designed. It is also the most *valuable* part.',
        ],
        list: {
          ordered: true,
          items: [
            'Write three realistic tasks and a one-line scenario for each.',
            'Ask people to think aloud, then stay quiet.',
            'Note where they hesitate, not only where they fail.',
            'Fix the biggest problem and test again next week.',
          ],
        },
        image: true,
      },
    ],
    pullQuotes: [
      'The default is the real design; every option is a footnote.',
      'People should never be surprised by what a button does.',
    ],
  },
  {
    slug: 'science',
    name: 'Science',
    titles: [
      [
        'Why the Sky Is Blue, and Sunsets Aren’t',
        'Rayleigh scattering, explained with a glass of milky water.',
      ],
      [
        'The Replication Crisis Is a Story About Incentives',
        'Science corrected itself, slowly. Here’s what changed and what didn’t.',
      ],
      [
        'What Tardigrades Teach Us About Surviving the Impossible',
        'The tiny animals that shrug off vacuum, radiation and decades without water.',
      ],
      [
        'How We Measure the Age of the Universe',
        'Two methods, one stubborn disagreement, and why it matters.',
      ],
      [
        'Your Gut Microbiome, Minus the Hype',
        'What the research actually supports, and what is still a guess.',
      ],
      [
        'The Surprising Physics of a Cup of Coffee',
        'Ring stains, crema and why your latte cools the way it does.',
      ],
      [
        'Sleep Is Not Optional for Memory',
        'What happens in the brain overnight, and why all-nighters backfire.',
      ],
      [
        'Citizen Science Found a Planet. Here’s How You Can Help Next',
        'Volunteers classify galaxies, count birds and transcribe old weather logs. It matters.',
      ],
      [
        'Why Earthquakes Can’t Be Predicted (Yet)',
        'Forecasting is possible. Prediction is a different, much harder problem.',
      ],
      [
        'The Chemistry of Bread, One Loaf at a Time',
        'Gluten, yeast and the Maillard reaction in a home kitchen.',
      ],
    ],
    intros: [
      'Science is often presented as a collection of facts. It is better understood as a method for being *less wrong* over time, with all the false starts, arguments and revisions that implies.',
      'The explanation you learned in school is usually not false, just incomplete. This piece goes one layer deeper, without equations, and points to the research if you want to go further.',
      'Some of the best questions in science sound childish. Why is the sky blue? Why does bread rise? Why can’t we predict earthquakes? Taking them seriously leads to some of the most interesting physics, chemistry and biology we know.',
    ],
    sections: [
      {
        heading: 'What the evidence says',
        paragraphs: [
          'The strongest claims in science rest on several independent lines of evidence that point the same way. A single striking study is a starting point, not a conclusion. Look for replications, larger samples, and results from groups who had no stake in the answer.',
          'None of these questions require a degree to ask. They are the same ones a careful reviewer asks, and they filter out a surprising amount of *breakthrough* news.',
        ],
        list: {
          ordered: false,
          items: [
            'How many people, animals or samples were studied?',
            'Was there a control group, and was it chosen at random?',
            'Has anyone else reproduced the result?',
            'Who paid for the work, and did they get to review it?',
          ],
        },
      },
      {
        heading: 'A kitchen-table experiment',
        paragraphs: [
          'You can see the basic idea at home. Shine a torch through a glass of water with a few drops of milk stirred in. From the side, the beam looks faintly blue; looking straight through it, the light turns warm and orange, like a sunset. The particles scatter short wavelengths sideways, much as the atmosphere does through [Rayleigh scattering](https://en.wikipedia.org/wiki/Rayleigh_scattering).',
          'It is a small demonstration, but it captures something important about how science works: a **model** that explains one observation should also predict others you have not looked at yet.',
        ],
        image: true,
      },
      {
        heading: 'Why scientists disagree',
        paragraphs: [
          'Disagreement is not a sign that science is broken. When two careful measurements of the same quantity refuse to agree, something interesting is usually hiding in the gap: an unknown source of error, or a flaw in the theory both sides rely on.',
          'Public arguments between researchers can look messy from outside. Inside the field they are how weak ideas get retired and strong ones get stronger.',
        ],
        quote:
          'The most exciting phrase to hear in science, the one that heralds new discoveries, is not “Eureka!” but “That’s funny…” — often attributed to Isaac Asimov',
      },
      {
        heading: 'Where to read more',
        paragraphs: [
          'If this caught your interest, go to the sources. Review articles summarise a field better than any single paper, and many are free to read. Science journalists who link to the studies they cover are worth following; those who do not, less so.',
          'Science rewards curiosity with *more* questions, which is either frustrating or wonderful depending on your temperament.',
        ],
        list: {
          ordered: true,
          items: [
            'Start with a recent review article rather than the newest paper.',
            'Read the abstract, then the figures, then the methods.',
            'Check whether the effect size is large enough to matter in practice.',
            'Look for a follow-up study before changing your habits.',
          ],
        },
      },
    ],
    pullQuotes: [
      'A single striking study is a starting point, not a conclusion.',
      'Science is a method for being less wrong over time.',
    ],
  },
  {
    slug: 'writing',
    name: 'Writing',
    titles: [
      ['Write the Ugly First Draft', 'Perfectionism isn’t a standard. It’s a way of never finishing.'],
      [
        'How to Open an Essay Without Clearing Your Throat',
        'Cut the first paragraph. Then cut the next one if you can.',
      ],
      ['The Editor Who Taught Me to Delete Adverbs', 'A lesson in trusting verbs, and readers.'],
      [
        'Why I Write Every Morning, Even When It’s Bad',
        'Consistency beats inspiration, and it’s less dramatic.',
      ],
      ['Show, Don’t Tell Is Incomplete Advice', 'Sometimes telling is exactly what a reader needs.'],
      [
        'Structure Is What Makes Long Pieces Readable',
        'Headings, signposts and the promise you make in the first paragraph.',
      ],
      [
        'Finding Your Voice Means Losing a Few Others',
        'Imitation is how everyone starts. Here’s how to grow out of it.',
      ],
      [
        'The Art of the Second Sentence',
        'Everybody polishes the first line. The second one decides whether anyone keeps reading.',
      ],
      ['Writing for the Internet Without Writing Clickbait', 'Honest headlines can still be irresistible.'],
      ['What Forty-Three Rejection Letters Taught Me', 'And the yes that came after.'],
    ],
    intros: [
      'Every writer I admire has the same secret, and it is not talent. It is a stack of discarded drafts taller than the finished work, and the patience to keep adding to it.',
      'I teach a small evening writing class, and the same problems come up every term. They are not problems of grammar. They are problems of *nerve*: saying the thing plainly, cutting what you love, and finishing.',
      'Writing advice tends to come as rules. Rules are useful, but only once you understand the problem they solve. Here is the problem first, and the rule second.',
    ],
    sections: [
      {
        heading: 'Get it down, then get it right',
        paragraphs: [
          'Drafting and editing use different parts of your brain, and they fight when you try to do both at once. Give yourself permission to write a bad first draft quickly. The goal of draft one is to discover what you think.',
          'Most of the time, nothing is lost. The real opening is usually *hiding* in the second or third paragraph, waiting for the throat-clearing to get out of the way.',
        ],
        list: {
          ordered: true,
          items: [
            'Write the draft in one sitting if you can, without rereading.',
            'Leave it alone for at least a night.',
            'Read it aloud and mark every place you stumble.',
            'Cut the first paragraph and see if anything is lost.',
          ],
        },
      },
      {
        heading: 'Trust your verbs',
        paragraphs: [
          'Adverbs are often a sign that the verb is not doing its job. She *walked quickly* is weaker than she **hurried**, and he *said angrily* is weaker than a line of dialogue angry enough not to need the label.',
          'This is not a ban. It is a prompt: every time you reach for a modifier, check whether a stronger word is already waiting.',
        ],
        quote: 'The road to hell is paved with adverbs. — Stephen King, On Writing',
      },
      {
        heading: 'Structure is a promise',
        paragraphs: [
          'Readers forgive a lot if they know where they are going. The first paragraph makes a promise about what the piece will deliver; headings and transitions are how you show you are keeping it.',
          'Long pieces fail less often because of bad sentences than because of a missing map.',
        ],
        list: {
          ordered: false,
          items: [
            'State the question or argument early.',
            'Use headings that *say* something, not just label something.',
            'End each section with a reason to read the next one.',
          ],
        },
      },
      {
        heading: 'Read like a writer',
        paragraphs: [
          'When a piece grabs you, go back and take it apart. Where did the first sentence end? How long were the paragraphs? What did the writer leave out? Copying an admired essay by hand, once, teaches more about rhythm than a dozen guides.',
          'Over time the borrowed moves blend with your own habits, and what comes out the other side is what people call *voice*. It cannot be forced, only practised into being.',
        ],
        image: true,
      },
    ],
    pullQuotes: [
      'The goal of the first draft is to discover what you think.',
      'Readers forgive a lot if they know where they are going.',
    ],
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    titles: [
      [
        'The Two-List System That Finally Worked for Me',
        'One list for commitments, one for ideas. Nothing else.',
      ],
      ['Deep Work Needs a Shallow Plan', 'Protecting focus starts with deciding the night before.'],
      [
        'Your Calendar Is a Budget, Not a Wish List',
        'Spend hours the way you’d spend money you actually have.',
      ],
      [
        'Why I Stopped Using Productivity Apps',
        'A notebook, a pen and a weekly review replaced seven subscriptions.',
      ],
      [
        'Meetings Should Have a Written Purpose or Be Cancelled',
        'A simple rule that gave our team back a day a week.',
      ],
      ['The Weekly Review, Step by Step', 'Thirty minutes every Friday to start Monday with a clear head.'],
      [
        'Energy, Not Time, Is the Scarce Resource',
        'Schedule hard work when you’re sharp, and admin when you’re not.',
      ],
      [
        'Inbox Zero Is a Side Effect, Not a Goal',
        'Process email in batches and the count takes care of itself.',
      ],
      [
        'How to Say No Without Burning Bridges',
        'A few honest phrases that protect your time and your relationships.',
      ],
      ['Small Habits Compound Faster Than You Think', 'One percent better is a cliché because it works.'],
    ],
    intros: [
      'I have tried nearly every productivity system there is. The ones that stuck had one thing in common: they took **less** time to maintain than they saved.',
      'Productivity advice often assumes you control your whole day. Most of us do not. This is a set of habits for people with meetings, families, and inboxes that refill faster than they empty.',
      'Being busy and being effective feel identical from the inside. The difference shows up only at the end of the week, when you look at what actually moved.',
    ],
    sections: [
      {
        heading: 'Decide the night before',
        paragraphs: [
          'The first hour of the day is the most valuable and the easiest to waste. If you arrive without a plan, the inbox will make one for you. Spend five minutes at the end of each day choosing tomorrow’s *one* important task.',
          'It sounds too simple to work. It works precisely because it is simple enough to keep doing on a bad week.',
        ],
        list: {
          ordered: false,
          items: [
            'Write tomorrow’s most important task on a sticky note.',
            'Block the first ninety minutes of the morning for it.',
            'Leave the inbox closed until that block is over.',
          ],
        },
      },
      {
        heading: 'The weekly review',
        paragraphs: [
          'Once a week, usually Friday afternoon, I spend thirty minutes looking backwards and forwards. It is the habit that holds the rest of the system together, and the first one I drop when I am overwhelmed, which is exactly when I need it most.',
          'Three outcomes, not thirty tasks. The tasks will multiply on their own; the outcomes keep them pointed somewhere.',
        ],
        list: {
          ordered: true,
          items: [
            'Empty every inbox: email, notes, paper, messages to self.',
            'Review the calendar for the past week and the next two.',
            'Update the list of commitments and cross off what is done.',
            'Choose **three outcomes** for next week.',
          ],
        },
        image: true,
      },
      {
        heading: 'Protect your energy',
        paragraphs: [
          'Time management assumes every hour is equal. They are not. Most people have a few hours a day of real concentration, and they are worth guarding more carefully than any others. Put demanding work there and push administrative tasks into the afternoon slump.',
          'Track your energy for a week, not your time. The pattern that emerges will tell you more about your schedule than any calendar audit.',
        ],
        quote: 'Until we can manage time, we can manage nothing else. — Peter Drucker',
      },
      {
        heading: 'Saying no, kindly',
        paragraphs: [
          'Every yes is a no to something else, usually something you care about more. A clear, friendly no is a gift to the person asking, because it lets them find someone who can actually help.',
          'None of these are rude. All of them are *honest*, which is more than can be said for a yes you will resent.',
        ],
        list: {
          ordered: false,
          items: [
            '“I can’t take this on right now, but here’s who might.”',
            '“I can do a smaller version by Friday. Would that help?”',
            '“Let me check what I’d have to drop, and I’ll get back to you today.”',
          ],
        },
      },
    ],
    pullQuotes: [
      'Being busy and being effective feel identical from the inside.',
      'Every yes is a no to something else.',
    ],
  },
  {
    slug: 'culture',
    name: 'Culture',
    titles: [
      [
        'The Return of the Neighborhood Bookstore',
        'Independent shops are opening again, and they’re selling more than books.',
      ],
      [
        'Why We Keep Rewatching the Same Shows',
        'Comfort viewing is not laziness. It’s a way to regulate uncertainty.',
      ],
      [
        'Vinyl Sales and the Longing for Ownership',
        'In a streaming world, some people want to hold what they love.',
      ],
      [
        'The Slow Food Movement Was Right About Almost Everything',
        'Decades later, eating locally looks less like a trend and more like common sense.',
      ],
      [
        'Museums Are Learning to Listen',
        'From audio guides to community curators, galleries are changing who gets to tell the story.',
      ],
      [
        'What Public Libraries Do Besides Lending Books',
        'Job help, internet access, tax forms, and a warm place to sit.',
      ],
      [
        'The Group Chat Is the New Town Square',
        'Private conversations now shape public opinion. That has consequences.',
      ],
      [
        'Learning a Language at Forty',
        'Mistakes, podcasts and the humbling joy of ordering coffee correctly.',
      ],
      ['The Quiet Revival of Letter Writing', 'Why some people are choosing paper, stamps and patience.'],
      ['Why Cities Need More Benches', 'Places to sit are a measure of who a city is built for.'],
    ],
    intros: [
      'Culture changes slowly and then all at once. The shifts that matter most rarely announce themselves; they show up as small changes in how people spend a Saturday afternoon.',
      'I grew up in a town with one cinema, one library and a bookshop that sold fishing tackle in the back. Much of what I write about is the question of what those places did for us, and what has replaced them.',
      'We talk about culture as if it lived in museums and streaming catalogues. Most of it lives in ordinary places: kitchens, bus stops, group chats and the back rooms of community halls.',
    ],
    sections: [
      {
        heading: 'The places in between',
        paragraphs: [
          'Sociologists call them [third places](https://en.wikipedia.org/wiki/Third_place): not home, not work, but somewhere you can be among people without an appointment. Cafés, libraries, barbershops and parks all qualify. They are where strangers become neighbours.',
          'When those places close, something goes missing that is hard to measure and easy to feel. Loneliness statistics are one way of counting it.',
        ],
        list: {
          ordered: false,
          items: [
            'They are cheap or free to enter.',
            'They have regulars who set the tone.',
            'Conversation is the main activity, even if it looks like something else.',
          ],
        },
        image: true,
      },
      {
        heading: 'Owning things again',
        paragraphs: [
          'Streaming made nearly everything available and almost nothing ours. It is no surprise that some people are buying records, printed books and physical games again. A shelf is a kind of autobiography in a way a playlist never quite becomes.',
          'The revival is small in absolute terms, and partly a fashion. But fashions often point at real needs, and this one points at the wish to *keep* something.',
        ],
        quote: 'A room without books is like a body without a soul. — attributed to Cicero',
      },
      {
        heading: 'Who gets to tell the story',
        paragraphs: [
          'Institutions that once spoke with a single voice are learning to share the microphone. Museums invite communities to write their own labels; local papers publish reader essays; festivals hand programming to residents.',
          'It is messy and occasionally uncomfortable, which is usually a sign that it is working. A culture that only hears from its curators is a *narrow* one.',
        ],
      },
      {
        heading: 'Small rituals',
        paragraphs: [
          'Not every cultural change is a movement. Some are rituals that quietly come back: Sunday dinners, handwritten letters, the neighbourhood walk after supper. They cost little and ask only for regular attention.',
          'The point is not nostalgia. It is noticing which habits made life feel *shared*, and choosing to keep them.',
        ],
        list: {
          ordered: true,
          items: [
            'Choose one ritual you would like to keep.',
            'Attach it to a time that already exists in your week.',
            'Invite one other person to join you.',
          ],
        },
      },
    ],
    pullQuotes: [
      'A shelf is a kind of autobiography in a way a playlist never quite becomes.',
      'Third places are where strangers become neighbours.',
    ],
  },
  {
    slug: 'health',
    name: 'Health',
    titles: [
      [
        'Walking Is the Most Underrated Exercise',
        'No gym, no gear, and benefits that rival far harder workouts.',
      ],
      ['What a Year of Tracking My Sleep Actually Changed', 'Less than I hoped, more than I expected.'],
      ['The Truth About Eight Glasses of Water', 'Where the rule came from and how much you really need.'],
      ['Strength Training After Forty Is Not Optional', 'Muscle is a retirement account for your body.'],
      [
        'How Doctors Think About Risk, and Why It Confuses Patients',
        'Relative risk, absolute risk and the numbers behind scary headlines.',
      ],
      [
        'Burnout Is Not a Personal Failing',
        'It’s a mismatch between demands and resources, and it can be fixed.',
      ],
      ['Breakfast Is Not the Most Important Meal', 'What matters is what you eat over the week, not when.'],
      [
        'The Science of Running Slow to Get Faster',
        'Why elite runners spend most of their miles at an easy pace.',
      ],
      [
        'Loneliness Is a Public Health Problem',
        'Social connection affects the heart as much as many better-known risks do.',
      ],
      [
        'A Beginner’s Guide to Reading Nutrition Labels',
        'Serving sizes, added sugars and the numbers that deserve your attention.',
      ],
    ],
    intros: [
      'Health advice has a credibility problem. Every week brings a new superfood, a new danger and a new study that seems to contradict last week’s. The basics, meanwhile, have barely changed in fifty years.',
      'I am a physician, and most of what I tell patients fits on an index card. Move every day. Sleep enough. Eat mostly plants. See people you like. The hard part is never knowing what to do; it is doing it on a Tuesday.',
      'This is not medical advice for you in particular. It is a summary of what the evidence says for most people, and a nudge to have a better conversation with your own doctor.',
    ],
    sections: [
      {
        heading: 'What the research actually shows',
        paragraphs: [
          'Large studies that follow people for decades are remarkably consistent: regular moderate activity, adequate sleep and strong social ties predict longer, healthier lives. The effects are *large*, comparable to many medications, and they come with side effects most people would welcome.',
          'None of these are new, and that is the point. The most useful health advice is *boring* because it has survived decades of scrutiny.',
        ],
        list: {
          ordered: false,
          items: [
            'About 150 minutes a week of moderate activity, such as brisk walking.',
            'Seven to nine hours of sleep for most adults.',
            'Two sessions of strength training a week, especially after forty.',
            'Regular time with friends or family, in person when possible.',
          ],
        },
      },
      {
        heading: 'Reading the numbers',
        paragraphs: [
          'Headlines love relative risk: a food that raises your risk by 20 percent sounds alarming. But 20 percent of a very small number is still a very small number. Always ask for the **absolute** risk, the change in actual cases per thousand people.',
          'Doctors struggle with this too. The best ones translate statistics into plain terms: out of a hundred people like you, how many would this help, and how many would it harm?',
        ],
        quote: 'The dose makes the poison. — Paracelsus',
      },
      {
        heading: 'Start smaller than you think',
        paragraphs: [
          'Ambitious plans fail because they demand a different life overnight. Small changes survive because they fit into the life you already have. A ten-minute walk after lunch is worth more than a gym membership you never use.',
          'Progress will feel slow, and then one day you will notice that climbing the stairs no longer leaves you out of breath.',
        ],
        list: {
          ordered: true,
          items: [
            'Pick one habit, not five.',
            'Make it small enough that skipping it feels silly.',
            'Attach it to something you already do every day.',
            'Increase it only after a month of consistency.',
          ],
        },
        image: true,
      },
      {
        heading: 'When to see a doctor',
        paragraphs: [
          'Self-improvement has limits. Persistent fatigue, unexplained weight change, chest pain and low mood that lasts for weeks deserve a professional opinion, not another app. Early conversations are cheaper, easier and more effective than late ones.',
          'If you take one thing from this piece, make it this: you do not need a dramatic reason to ask for help. *Something feels off* is reason enough.',
        ],
      },
    ],
    pullQuotes: [
      'The most useful health advice is boring because it has survived decades of scrutiny.',
      '“Something feels off” is reason enough to ask for help.',
    ],
  },
  {
    slug: 'startups',
    name: 'Startups',
    titles: [
      [
        'Your First Ten Customers Should Be Painful to Get',
        'Doing things that don’t scale is how you learn what to build.',
      ],
      [
        'Pricing Is a Product Decision',
        'Charge for the value you create, and raise prices sooner than feels comfortable.',
      ],
      [
        'The Pitch Deck Slide Investors Actually Read',
        'Traction beats vision. Here’s how to show it honestly.',
      ],
      ['Why We Turned Down a Term Sheet', 'The money was good. The terms would have cost us the company.'],
      [
        'Default Alive or Default Dead?',
        'A spreadsheet question every founder should be able to answer today.',
      ],
      ['Hiring Your First Engineer', 'Look for ownership, not résumés, and write the job description last.'],
      [
        'The Remote-First Startup Handbook We Wish We Had',
        'Writing culture, async decisions and the cost of a quick call.',
      ],
      ['Churn Is a Message, Not a Metric', 'Every cancellation explains something your dashboard can’t.'],
      [
        'Bootstrapping to One Million in Revenue',
        'No investors, a small team and a very boring marketing plan.',
      ],
      [
        'What to Do When a Big Company Copies You',
        'Focus, speed and customers who care are still an advantage.',
      ],
    ],
    intros: [
      'Startups are mostly a series of uncomfortable conversations: with customers who do not want your product yet, with investors who are not sure, and with yourself at two in the morning.',
      'We started the company with two people, a spare bedroom and a shared spreadsheet. What follows are the lessons that cost us the most to learn, written down so they might cost you less.',
      'Most startup advice is survivorship bias with a podcast. I will try to do better by including the mistakes alongside the things that worked, and by being specific about both.',
    ],
    sections: [
      {
        heading: 'Talk to customers first',
        paragraphs: [
          'Before writing code, we booked thirty calls with people who had the problem we wanted to solve. We did not pitch. We asked how they handled it today, what it cost them and what they had already tried. Half of our assumptions did not survive the first week.',
          'The answers shaped the product more than any roadmap did. The best feature we ever built came from a complaint in call number twenty-three.',
        ],
        list: {
          ordered: false,
          items: [
            'Ask about the past, not the future: what did you do last time?',
            'Listen for workarounds; they reveal real pain.',
            'Ask who else is involved in the decision to buy.',
            'Never ask whether they *would* use your product.',
          ],
        },
      },
      {
        heading: 'Know your runway',
        paragraphs: [
          'Every founder should be able to answer one question at any moment: at our current growth and spending, do we reach profitability before the money runs out? If you do not know, find out today. Paul Graham calls it [default alive](https://paulgraham.com/aord.html).',
          'We ran that query every Monday. It was not sophisticated, but it meant nobody on the team was ever surprised by our numbers.',
        ],
        code: {
          language: 'sql',
          text: lines(
            "SELECT date_trunc('month', created_at) AS month,",
            '       count(*) FILTER (WHERE canceled_at IS NULL) AS active,',
            '       count(*) FILTER (WHERE canceled_at IS NOT NULL) AS churned',
            'FROM subscriptions',
            'GROUP BY 1',
            'ORDER BY 1;',
          ),
        },
      },
      {
        heading: 'Pricing is positioning',
        paragraphs: [
          'Early on we priced low because we were afraid. The customers we attracted were price-sensitive, demanding and quick to leave. When we doubled our prices, sign-ups barely moved and **churn fell by half**.',
          'Price tells customers what kind of product you are. Make sure it tells the story you mean.',
        ],
        quote: 'If you’re not embarrassed by your pricing, you probably raised it too late.',
        image: true,
      },
      {
        heading: 'Hire for ownership',
        paragraphs: [
          'Our best early hires were not the most experienced. They were the people who treated problems as theirs without being asked: who fixed the broken onboarding email at midnight because a customer mentioned it once.',
          'Skills can be taught on the job. The instinct to care about the outcome, much less so.',
        ],
        list: {
          ordered: true,
          items: [
            'Write down the problem the hire will own before the job description.',
            'Use a paid work sample instead of puzzle interviews.',
            'Talk to references about how the candidate handled a failure.',
            'Move fast; good people have options.',
          ],
        },
      },
    ],
    pullQuotes: [
      'Half of our assumptions did not survive the first week of customer calls.',
      'Price tells customers what kind of product you are.',
    ],
  },
  {
    slug: 'politics',
    name: 'Politics',
    titles: [
      [
        'Local Elections Decide More Than You Think',
        'Zoning, schools and policing are set by people elected with tiny turnouts.',
      ],
      [
        'How a Bill Really Becomes a Law',
        'Committees, markups and the quiet deals the civics textbook left out.',
      ],
      [
        'The Case for Ranked-Choice Voting',
        'What happened in the places that tried it, and what the critics get right.',
      ],
      [
        'Why Polls Miss, and Why They’re Still Useful',
        'Margins of error, turnout models and reading surveys with humility.',
      ],
      [
        'Housing Is the Political Issue of Our Time',
        'Rents, permits and the coalition that is quietly changing city councils.',
      ],
      [
        'Misinformation Spreads Faster Than Corrections',
        'What research says about slowing it down without censorship.',
      ],
      [
        'Public Comment Periods Are Your Secret Power',
        'Agencies have to read what you write. Here’s how to write it well.',
      ],
      [
        'What Budget Fights Are Really About',
        'A government budget is a list of priorities with numbers attached.',
      ],
      [
        'The Independent Voter Is Mostly a Myth',
        'Most people who call themselves independent vote like partisans.',
      ],
      [
        'Climate Policy Runs Through Transmission Lines',
        'Clean power is cheap. Moving it to where people live is the hard part.',
      ],
    ],
    intros: [
      'Politics is usually covered as a contest: who is up, who is down, who said what. The decisions that shape daily life are made more quietly, in committee rooms, budget hearings and local boards that few people watch.',
      'I have covered city halls and state capitols for a decade. The most consistent thing I have learned is that **showing up** matters far more than most people imagine, because so few people do.',
      'This is not a piece about which side is right. It is about how the machinery works, because you cannot change a system you do not understand.',
    ],
    sections: [
      {
        heading: 'Follow the process',
        paragraphs: [
          'Most policy is made in small steps that are public but rarely noticed: a draft rule, a comment period, a committee markup, a budget amendment. Each step is a chance to influence the outcome, and each one is easier to affect than the final vote.',
          'Officials say the same thing again and again: a few thoughtful, personal comments carry more weight than a thousand copies of a form letter. Federal rules open for comment are listed at [regulations.gov](https://www.regulations.gov/).',
        ],
        list: {
          ordered: true,
          items: [
            'Find the agendas for your city council and school board.',
            'Sign up for notices about rules that affect your work or neighbourhood.',
            'Submit a short, specific comment with your own experience.',
            'Follow up with the staff member responsible.',
          ],
        },
      },
      {
        heading: 'Reading the polls',
        paragraphs: [
          'A poll is a snapshot with blurry edges. The margin of error applies to each candidate’s number separately, so a two-point lead in a poll with a three-point margin is a statistical tie. Averages of many polls are more reliable than any single one.',
          'The bigger uncertainty is usually turnout: who will actually vote. Pollsters make educated guesses, and those guesses explain most of the famous misses.',
        ],
        quote: 'All models are wrong, but some are useful. — George Box',
      },
      {
        heading: 'Local stakes',
        paragraphs: [
          'Turnout in many local elections is below twenty percent. That means a few thousand votes decide who sets zoning rules, approves school budgets and oversees the police. In few other places does a single voice count for more.',
          'If national politics feels hopeless, local politics is the antidote. The stakes are concrete and the officials answer their own email.',
        ],
        list: {
          ordered: false,
          items: [
            'Zoning decides what can be built and therefore what housing costs.',
            'School boards set curricula and budgets for most of a town’s children.',
            'County commissions run elections, roads and public health.',
          ],
        },
        image: true,
      },
      {
        heading: 'Disagreeing well',
        paragraphs: [
          'Democracy depends on losing gracefully and winning humbly. That is easier when we argue about policies rather than motives, and when we assume the other side is mistaken rather than malicious.',
          'It is not naive to hold that standard. It is the only one that lets people who disagree keep living in the *same* town, voting in the same elections and sending their children to the same schools.',
        ],
      },
    ],
    pullQuotes: [
      'Showing up matters far more than most people imagine, because so few people do.',
      'A poll is a snapshot with blurry edges.',
    ],
  },
];

/** Sections that fit a story on any topic. */
export const GENERIC_SECTIONS: SectionBlock[] = [
  {
    heading: 'What I got wrong',
    paragraphs: [
      'For a long time I believed the answer was more effort. More hours, more tools, more willpower. It took an embarrassing number of failures to notice that the effort was rarely the problem; the *direction* was.',
      'Admitting that was uncomfortable. It was also the moment things started to improve, because it turned a character flaw into a solvable problem.',
    ],
  },
  {
    heading: 'Common objections',
    paragraphs: [
      'Whenever I share this argument, the same objections come up. They deserve serious answers, so here they are.',
      'None of these objections are wrong, exactly. They are reasons to adjust the approach, not reasons to dismiss it.',
    ],
    list: {
      ordered: false,
      items: [
        '**“This only works if you have time.”** Start with ten minutes; that is enough to learn whether it helps.',
        '**“Everyone’s situation is different.”** True, which is why the steps are small and easy to adapt.',
        '**“I’ve tried this before.”** So had I, twice. The third attempt stuck because I made it smaller.',
      ],
    },
  },
  {
    heading: 'Where to start',
    paragraphs: [
      'Start smaller than feels respectable. Pick the one change you are most confident you can keep for a month, and ignore everything else until it is routine.',
      'Momentum is built from small wins, and small wins only come from steps small enough to finish.',
    ],
    list: {
      ordered: true,
      items: [
        'Write down what you want to change and why.',
        'Choose the smallest version of that change.',
        'Put it on the calendar.',
        'Review how it went after four weeks.',
      ],
    },
  },
  {
    heading: 'The long view',
    paragraphs: [
      'It is tempting to judge an idea by how it feels this week. The better test is how it looks after a year. Most of the things that mattered in my life looked unremarkable at the start and obvious only in hindsight.',
      'Patience is not passivity. It is the willingness to keep doing the sensible thing while the results are still invisible.',
    ],
    quote:
      'We tend to overestimate the effect of a technology in the short run and underestimate the effect in the long run. — Roy Amara',
  },
  {
    heading: 'A note on sources',
    paragraphs: [
      'I have linked to the research and reporting I relied on throughout. Where the evidence is thin or disputed, I have tried to say so. If you spot an error, leave a response and I will correct it, with a note at the end.',
      'Good writing about complicated subjects is a conversation, and the readers who push back are doing me a *favour*.',
    ],
  },
];

export const CLOSINGS = [
  'Thanks for reading. If this was useful, I write about this every couple of weeks; follow along and tell me where you disagree.',
  'I don’t have all the answers here, and I am suspicious of anyone who claims to. But I am more convinced than ever that the small, unglamorous steps are the ones that count.',
  'If you try any of this, I would love to hear how it goes. The best ideas in this piece came from readers’ responses to the last one.',
  'There is more to say, and I will come back to it. For now, pick **one** idea from above and try it this week.',
  '*This piece was adapted from a talk. Thanks to everyone who asked hard questions afterwards.*',
  'Got a different view? Write a response. I read every one, and the good arguments make it into the next draft.',
];

export const CAPTIONS = [
  'Photo by the author.',
  'The view from my desk on a grey morning.',
  'An early sketch, before the first round of feedback.',
  'Sometimes the simplest setup is the right one.',
  'Notes from the first week, unedited.',
  'It looked better in my head.',
  'The same idea, a year later.',
  '',
];

export const RESPONSES = [
  'This is the clearest explanation of this I’ve read. Sharing it with my team tomorrow.',
  'I agree with most of this, but I think you’re underestimating how hard the first step is for people without much slack in their week.',
  'The section on defaults really landed for me. We just went through exactly this at work.',
  'Great piece. One small note: the study you mention was later replicated with a larger sample, and the effect was smaller but still there.',
  'Bookmarking this. The numbered list alone is worth printing out.',
  'I tried this for a month after reading your last post and it genuinely helped. Thank you for writing it.',
  'Respectfully, I think the conclusion goes a bit too far. The evidence supports the small version of the claim, not the big one.',
  'This made me laugh out loud on the train. Also, painfully accurate.',
  'Would love a follow-up on how this works for teams rather than individuals.',
  'Beautifully written. The pull quote is going on a sticky note above my desk.',
  'As someone who works in this field, thank you for getting the details right. That’s rarer than it should be.',
  'I’ve been thinking about this all day. Not sure I agree, but that’s what good writing does.',
];

export interface DemoWriter {
  name: string;
  username: string;
  bio: string;
  /** Topic slugs the writer mostly covers. */
  topics: string[];
  country: string;
  twitter?: string;
  member?: boolean;
  partner?: boolean;
}

export const WRITERS: DemoWriter[] = [
  {
    name: 'Maya Okafor',
    username: 'mayaokafor',
    bio: 'Software engineer in Lagos and London. I write about databases, testing and the craft of maintainable code.',
    topics: ['programming', 'technology'],
    country: 'GB',
    twitter: 'mayaokafor',
    member: true,
  },
  {
    name: 'Daniel Reyes',
    username: 'danreyes',
    bio: 'Product designer. Previously at two startups you haven’t heard of. Forms, flows and microcopy.',
    topics: ['design'],
    country: 'US',
  },
  {
    name: 'Priya Raman',
    username: 'priyaraman',
    bio: 'Data scientist turned science writer. Curious about how we know what we know.',
    topics: ['science', 'technology'],
    country: 'IN',
    twitter: 'priyaraman',
  },
  {
    name: 'Tom Lindqvist',
    username: 'tomlindqvist',
    bio: 'Founder of a small, profitable software company in Stockholm. Notes on bootstrapping and pricing.',
    topics: ['startups'],
    country: 'SE',
  },
  {
    name: 'Grace Whitfield',
    username: 'gracewhitfield',
    bio: 'Novelist and writing coach. Two books, forty-three rejection letters, one very patient editor.',
    topics: ['writing', 'culture'],
    country: 'US',
    twitter: 'gracewrites',
    member: true,
    partner: true,
  },
  {
    name: 'Kenji Morimoto',
    username: 'kenjimorimoto',
    bio: 'Backend engineer. Distributed systems, PostgreSQL and the occasional Rust rant.',
    topics: ['programming'],
    country: 'JP',
  },
  {
    name: 'Amara Nwosu',
    username: 'amaranwosu',
    bio: 'Family physician. Evidence-based health writing without the hype.',
    topics: ['health', 'science'],
    country: 'NG',
  },
  {
    name: 'Luca Bianchi',
    username: 'lucabianchi',
    bio: 'Culture critic in Milan. Books, records, cities and the places in between.',
    topics: ['culture'],
    country: 'IT',
  },
  {
    name: 'Sofia Alvarez',
    username: 'sofiaalvarez',
    bio: 'Political reporter covering city halls and statehouses. How the machinery actually works.',
    topics: ['politics'],
    country: 'US',
    twitter: 'sofiareports',
  },
  {
    name: 'Hannah Brooks',
    username: 'hannahbrooks',
    bio: 'Recovering overachiever. Writing about focus, calendars and doing less, better.',
    topics: ['productivity', 'writing'],
    country: 'CA',
  },
  {
    name: 'Omar Haddad',
    username: 'omarhaddad',
    bio: 'Tech policy researcher. Where software meets law, and what happens when they disagree.',
    topics: ['technology', 'politics'],
    country: 'DE',
  },
  {
    name: 'Eleanor Park',
    username: 'eleanorpark',
    bio: 'UX researcher. Five users, one laptop and a lot of biting my tongue.',
    topics: ['design', 'productivity'],
    country: 'KR',
  },
  {
    name: 'Jonas Weber',
    username: 'jonasweber',
    bio: 'Physicist and editor of Field Notes. Explaining the universe one kitchen experiment at a time.',
    topics: ['science'],
    country: 'DE',
  },
  {
    name: 'Chloé Martin',
    username: 'chloemartin',
    bio: 'Essayist. On language, letters and learning things late in life.',
    topics: ['culture', 'writing'],
    country: 'FR',
  },
  {
    name: 'Samuel Osei',
    username: 'samuelosei',
    bio: 'Engineering manager. Small teams, small pull requests, big results.',
    topics: ['programming', 'startups'],
    country: 'GH',
  },
  {
    name: 'Ingrid Solberg',
    username: 'ingridsolberg',
    bio: 'Marathoner and nutritionist in Bergen. Running slow, eating well, sleeping more.',
    topics: ['health', 'productivity'],
    country: 'NO',
  },
  {
    name: 'Rafael Costa',
    username: 'rafaelcosta',
    bio: 'Design systems lead. Tokens, typography and the eternal rewrite.',
    topics: ['design', 'technology'],
    country: 'BR',
  },
  {
    name: 'Nadia Petrova',
    username: 'nadiapetrova',
    bio: 'Climate researcher. Grids, policy and the physics of getting to zero.',
    topics: ['science', 'politics'],
    country: 'BG',
  },
  {
    name: 'Ben Carter',
    username: 'bencarter',
    bio: 'Early-stage investor and former founder. I read a lot of pitch decks so you don’t have to.',
    topics: ['startups', 'technology'],
    country: 'US',
    twitter: 'bencarter',
  },
  {
    name: 'Lily Chen',
    username: 'lilychen',
    bio: 'Developer advocate. TypeScript, tooling and teaching people to read code.',
    topics: ['programming', 'productivity'],
    country: 'SG',
  },
];

export interface DemoPublication {
  name: string;
  slug: string;
  tagline: string;
  description: string;
  owner: string;
  editors: string[];
  writers: string[];
  topics: string[];
  tintColor: string;
}

export const PUBLICATIONS: DemoPublication[] = [
  {
    name: 'The Long Compile',
    slug: 'the-long-compile',
    tagline: 'Essays on building software that lasts.',
    description:
      'Practical, opinionated writing about programming, databases and the everyday craft of shipping software with a small team.',
    owner: 'mayaokafor',
    editors: ['kenjimorimoto'],
    writers: ['samuelosei', 'lilychen', 'rafaelcosta'],
    topics: ['programming', 'technology'],
    tintColor: '#FF1A8917',
  },
  {
    name: 'Field Notes',
    slug: 'field-notes',
    tagline: 'Science and health, explained with care.',
    description:
      'Researchers and clinicians writing plainly about what the evidence says, what it doesn’t, and how we know the difference.',
    owner: 'jonasweber',
    editors: ['priyaraman'],
    writers: ['amaranwosu', 'nadiapetrova', 'ingridsolberg', 'lucabianchi'],
    topics: ['science', 'health', 'culture'],
    tintColor: '#FF0F5A8A',
  },
  {
    name: 'Better Hours',
    slug: 'better-hours',
    tagline: 'Work, writing and the art of doing less, better.',
    description:
      'Essays on focus, craft and building things, from writers who have tried the systems so you can skip the ones that don’t work.',
    owner: 'hannahbrooks',
    editors: ['gracewhitfield'],
    writers: ['chloemartin', 'tomlindqvist', 'eleanorpark', 'danreyes'],
    topics: ['productivity', 'writing', 'design', 'startups'],
    tintColor: '#FFB5542C',
  },
];

/** Spec §6 feature flags with their demo defaults. */
export const FEATURE_FLAGS: { name: string; value: boolean; description: string }[] = [
  { name: 'enable_sprig', value: false, description: 'Load the Sprig in-product survey widget.' },
  { name: 'disable_lite_gift_page', value: false, description: 'Hide the lightweight gift membership page.' },
  {
    name: 'enable_global_nav_on_legacy_lite',
    value: false,
    description: 'Show the global navigation on legacy lite pages.',
  },
  { name: 'dont_track_user', value: false, description: 'Skip analytics events for this visitor.' },
  { name: 'can_view_unfiltered_search', value: false, description: 'Search without quality filters.' },
  {
    name: 'can_edit_members_only_posts',
    value: false,
    description: 'Allow editing stories that are members-only.',
  },
  { name: 'can_view_suspended_content', value: false, description: 'Show suspended stories and accounts.' },
  { name: 'is_internal_ip', value: false, description: 'The request comes from an internal network.' },
  { name: 'is_medium_staff', value: false, description: 'The viewer is a staff member.' },
  { name: 'enable_passwords', value: true, description: 'Allow signing in with a password.' },
  { name: 'enable_new_login_flow', value: false, description: 'Use the new sign-in flow.' },
  { name: 'enable_google_one_tap', value: false, description: 'Offer Google One Tap sign-in.' },
  {
    name: 'enable_google_one_tap_on_subdomains',
    value: false,
    description: 'Offer Google One Tap on publication subdomains.',
  },
  { name: 'disable_login_apple', value: false, description: 'Turn off Sign in with Apple.' },
  { name: 'disable_login_facebook', value: false, description: 'Turn off Facebook sign-in.' },
  { name: 'disable_login_google', value: false, description: 'Turn off Google sign-in.' },
  { name: 'disable_login_twitter', value: false, description: 'Turn off Twitter sign-in.' },
  { name: 'disable_login_email', value: false, description: 'Turn off email (magic link) sign-in.' },
  { name: 'skip_sign_in_recaptcha', value: false, description: 'Skip the reCAPTCHA on sign-in.' },
  { name: 'enable_email_sign_in_captcha', value: false, description: 'Require a captcha for email sign-in.' },
  { name: 'enable_recaptcha_v3', value: false, description: 'Use reCAPTCHA v3 scoring.' },
  { name: 'enable_devtool', value: false, description: 'Enable the in-app developer tools.' },
  { name: 'allow_iframe', value: false, description: 'Allow the site to be framed.' },
  { name: 'disable_edge_cache', value: false, description: 'Bypass the edge cache for pages.' },
];

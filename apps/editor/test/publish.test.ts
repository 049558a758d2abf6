import { LICENSE_LABELS, License } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { normalizeHref } from '../src/links';
import { addTopic, MAX_TOPICS, mayLockIn } from '../src/PublishDialog';

describe('publish dialog topics', () => {
  it('adds trimmed topics once, ignoring case, and refuses a sixth with the server’s message', () => {
    let topics: string[] = [];
    for (const t of ['  Writing ', 'writing', '', 'Code', 'Design', 'Books', 'Travel']) {
      const next = addTopic(topics, t);
      expect(next.error).toBeNull();
      topics = next.topics;
    }
    expect(topics).toEqual(['Writing', 'Code', 'Design', 'Books', 'Travel']);
    expect(topics).toHaveLength(MAX_TOPICS);
    expect(addTopic(topics, 'Music')).toEqual({ topics, error: 'Add up to 5 topics.' });
  });

  it('labels every license of spec §3', () => {
    expect(Object.keys(LICENSE_LABELS).sort()).toEqual([...License].sort());
  });
});

describe('the members-only choice', () => {
  const story = { canLock: false, lockPublicationIds: ['ed1torpub000'], collection: null };
  it('follows what the policy answered for where the story is going', () => {
    // A writer outside the Partner Program, editor of one publication: only there may they lock it.
    expect(mayLockIn(story, '')).toBe(false);
    expect(mayLockIn(story, 'wr1terpub000')).toBe(false);
    expect(mayLockIn(story, 'ed1torpub000')).toBe(true);
    // Already in a publication, that publication's answer is canLock.
    expect(
      mayLockIn(
        { ...story, canLock: true, collection: { id: 'wr1terpub000', name: 'Writers' } },
        'wr1terpub000',
      ),
    ).toBe(true);
    expect(mayLockIn({ ...story, canLock: true, lockPublicationIds: [] }, '')).toBe(true);
  });
});

describe('normalizeHref', () => {
  it('adds https:// to a bare domain and keeps addresses with a scheme or path', () => {
    expect(normalizeHref(' example.com/a ')).toBe('https://example.com/a');
    expect(normalizeHref('http://example.com')).toBe('http://example.com');
    expect(normalizeHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(normalizeHref('/@ada')).toBe('/@ada');
    expect(normalizeHref('   ')).toBe('');
  });
});

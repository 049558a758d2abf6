import { postPromptTexts } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { postPrompt } from '../src/components/StoryPrompts';

describe('post prompt (spec §4 membership prompt and client viewing counters)', () => {
  it('asks to become a member below 3 stories read this month, then offers unlimited access', () => {
    expect(postPrompt({ storiesReadThisMonth: 2, hasPastMemberships: false })).toEqual({
      text: postPromptTexts.fewRead,
      action: 'Become a member',
    });
    expect(postPrompt({ storiesReadThisMonth: 3, hasPastMemberships: false })).toEqual({
      text: 'You’ve read 3 stories this month. Become a member to keep reading without limits.',
      action: 'Get unlimited access',
    });
  });

  it('asks a former member to resume their membership', () => {
    expect(postPrompt({ storiesReadThisMonth: 5, hasPastMemberships: true }).action).toBe(
      'Resume Membership',
    );
  });
});

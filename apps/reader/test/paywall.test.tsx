import { FREE_STORIES_PER_MONTH, paywallMessage, paywallTexts, topBarTexts } from '@quire/domain';
import { describe, expect, it } from 'vitest';
import { Paywall } from '../src/components/Paywall';
import { renderWithProviders } from './render';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the paywall box says what the server found (spec §1 members-only stories)', () => {
  it('invites a visitor without an account to sign up, and never says free stories are used up', () => {
    const html = text(renderWithProviders(<Paywall reason="signed_out" />, undefined, '/p/abc'));
    expect(html).toContain(paywallTexts.heading);
    expect(html).toContain(paywallTexts.signUpToRead(FREE_STORIES_PER_MONTH));
    expect(html).toContain(`With an account you can read ${FREE_STORIES_PER_MONTH} member-only stories free`);
    expect(html).toContain(paywallTexts.createAccount);
    expect(html).toContain(topBarTexts.signIn);
    expect(html).not.toMatch(/used up|You have read/);
    expect(html).not.toContain(topBarTexts.becomeAMember);
  });

  it('tells a signed-in reader past their free stories, or their network’s, to become a member', () => {
    const own = text(renderWithProviders(<Paywall reason="free_stories_used" />, undefined, '/p/abc'));
    expect(own).toContain(paywallTexts.freeStoriesUsed);
    expect(own).toContain(topBarTexts.becomeAMember);
    expect(own).not.toContain(paywallTexts.createAccount);
    const network = text(
      renderWithProviders(<Paywall reason="network_free_stories_used" />, undefined, '/p/abc'),
    );
    expect(network).toContain(paywallTexts.networkFreeStoriesUsed);
    expect(network).not.toContain(paywallTexts.freeStoriesUsed);
  });

  it('picks one message per reason', () => {
    expect(paywallMessage('signed_out', 5)).toBe(paywallTexts.signUpToRead(5));
    expect(paywallMessage('free_stories_used')).toBe(paywallTexts.freeStoriesUsed);
    expect(paywallMessage('network_free_stories_used')).toBe(paywallTexts.networkFreeStoriesUsed);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { setAnalyticsReporter, track } from '../src/analytics';
import { useClientStore } from '../src/client';
import { useSusiStore } from '../src/susi';

const sent: Array<[string, unknown]> = [];
const recorder = { track: (key: string, data?: unknown) => void sent.push([key, data]) };

afterEach(() => {
  sent.length = 0;
  setAnalyticsReporter(null);
  useClientStore.setState({ viewerIsBot: false });
});

describe('track (spec §7 analytics events)', () => {
  it('does nothing until a reporter is installed, then hands events to it', () => {
    track('nav.clicked', { name: 'about' });
    expect(sent).toEqual([]);
    setAnalyticsReporter(recorder);
    track('nav.clicked', { name: 'about' });
    expect(sent).toEqual([['nav.clicked', { name: 'about' }]]);
  });

  it('sends nothing for a bot (spec §6)', () => {
    setAnalyticsReporter(recorder);
    useClientStore.setState({ viewerIsBot: true });
    track('privacyBanner.shown');
    expect(sent).toEqual([]);
  });

  it('never throws when the reporter fails', () => {
    setAnalyticsReporter({
      track: () => {
        throw new Error('offline');
      },
    });
    expect(() => track('openInApp.clicked')).not.toThrow();
  });

  it('records susi.viewed with the entry point whenever the sign-in modal opens', () => {
    setAnalyticsReporter(recorder);
    useSusiStore.getState().open(undefined, 'login', 'google_one_tap');
    expect(sent).toEqual([['susi.viewed', { entryPoint: 'google_one_tap' }]]);
    useSusiStore.getState().close();
  });
});

import {
  type AnalyticsEventInput,
  type ErrorReport,
  type MetricsReport,
  metricsReportSchema,
} from '@quire/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  createEventReporter,
  createMetricsReporter,
  type MetricsEnvironment,
} from '../src/reporters';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('event reporter (spec §9)', () => {
  it('flushes 5 base seconds after the first event', () => {
    const send = vi.fn<(events: AnalyticsEventInput[], opts: { unload: boolean }) => void>();
    const reporter = createEventReporter({ send, now: () => 42, baseSecondMs: 100 });
    reporter.track('nav.clicked', { name: 'home' });
    vi.advanceTimersByTime(300);
    reporter.track('user.followed');
    vi.advanceTimersByTime(199);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toEqual([
      { key: 'nav.clicked', data: { name: 'home' }, type: 'e', timestamp: 42 },
      { key: 'user.followed', data: {}, type: 'e', timestamp: 42 },
    ]);
    expect(send.mock.calls[0]?.[1]).toEqual({ unload: false });
    expect(reporter.size).toBe(0);
  });

  it('holds at most maxHeld events, dropping the oldest, and sends them in capped batches', () => {
    const send = vi.fn<(events: AnalyticsEventInput[], opts: { unload: boolean }) => void>();
    let t = 0;
    const reporter = createEventReporter({ send, now: () => t++ });
    for (let i = 0; i < 1005; i++) reporter.track('nav.clicked');
    expect(reporter.size).toBe(1000);
    vi.advanceTimersByTime(5000);
    const sent = send.mock.calls.flatMap(([events]) => events);
    expect(sent).toHaveLength(1000);
    expect(sent[0]?.timestamp).toBe(5);
    expect(send.mock.calls.every(([events]) => events.length <= 100)).toBe(true);
  });

  it('flushNow sends at once through the beacon, falling back to send', () => {
    const send = vi.fn<(events: AnalyticsEventInput[], opts: { unload: boolean }) => void>();
    const beacon = vi.fn(() => false);
    const reporter = createEventReporter({ send, beacon });
    reporter.track('privacyBanner.shown');
    reporter.flushNow();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith([expect.objectContaining({ key: 'privacyBanner.shown' })], {
      unload: true,
    });
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(1);

    beacon.mockReturnValue(true);
    reporter.track('privacyBanner.accepted');
    reporter.flushNow();
    expect(send).toHaveBeenCalledTimes(1);
    expect(beacon).toHaveBeenCalledTimes(2);
  });

  it('never throws when sending fails', () => {
    const reporter = createEventReporter({
      send: () => {
        throw new Error('offline');
      },
    });
    reporter.track('nav.clicked');
    expect(() => reporter.flushNow()).not.toThrow();
  });
});

describe('error reporter (spec §9)', () => {
  it('sends 5 s after the first report', () => {
    const send = vi.fn<(reports: ErrorReport[]) => void>();
    const reporter = createErrorReporter({ send, now: () => 7 });
    reporter.report(new TypeError('x is undefined'), { url: '/p/1', line: 3, column: 9 });
    reporter.report('plain string');
    vi.advanceTimersByTime(4999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledTimes(1);
    const [reports] = send.mock.calls[0]!;
    expect(reports[0]).toMatchObject({ message: 'x is undefined', name: 'TypeError', url: '/p/1', line: 3 });
    expect(reports[1]).toMatchObject({ message: 'plain string', timestamp: 7 });
  });

  it('queues at most 10 and accepts at most 50 per page', () => {
    const send = vi.fn<(reports: ErrorReport[]) => void>();
    const reporter = createErrorReporter({ send });
    for (let i = 0; i < 15; i++) reporter.report(new Error(`e${i}`));
    vi.advanceTimersByTime(5000);
    expect(send.mock.calls[0]?.[0]).toHaveLength(10);
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 10; i++) reporter.report(new Error('again'));
      vi.advanceTimersByTime(5000);
    }
    expect(reporter.accepted).toBe(50);
    expect(send.mock.calls.flatMap(([r]) => r)).toHaveLength(50);
  });
});

describe('metrics reporter (spec §7)', () => {
  type Callback = (list: { getEntries(): PerformanceEntry[] }) => void;

  function fakeEnvironment() {
    const callbacks = new Map<string, Callback>();
    let clock = 0;
    class FakeObserver {
      static supportedEntryTypes = [
        'paint',
        'largest-contentful-paint',
        'layout-shift',
        'navigation',
        'resource',
      ];
      constructor(private readonly cb: Callback) {}
      observe({ type }: { type: string }) {
        callbacks.set(type, this.cb);
      }
      disconnect() {}
    }
    const env: MetricsEnvironment = { PerformanceObserver: FakeObserver, now: () => clock };
    const emit = (type: string, entries: Partial<PerformanceEntry & Record<string, unknown>>[]) =>
      callbacks.get(type)?.({ getEntries: () => entries as PerformanceEntry[] });
    return { env, emit, setClock: (ms: number) => (clock = ms) };
  }

  it('collects fcp, lcp, cls, nav and early resources into a valid metrics body', () => {
    const send = vi.fn<(report: MetricsReport) => void>();
    const { env, emit, setClock } = fakeEnvironment();
    const reporter = createMetricsReporter({ send, route: 'post', env, sendAfterMs: 1000 });
    emit('paint', [{ name: 'first-contentful-paint', startTime: 120.44 }]);
    emit('largest-contentful-paint', [{ startTime: 300 }, { startTime: 450 }]);
    emit('layout-shift', [
      { value: 0.05, hadRecentInput: false },
      { value: 0.5, hadRecentInput: true },
    ] as never);
    emit('navigation', [
      { responseStart: 50, domInteractive: 200, domContentLoadedEventEnd: 250, loadEventEnd: 400 },
    ]);
    emit('resource', [{ name: '/a.js', startTime: 100, duration: 20 }]);
    setClock(2600);
    emit('resource', [{ name: '/late.js', startTime: 100, duration: 20 }]);
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledTimes(1);
    const report = send.mock.calls[0]![0];
    expect(metricsReportSchema.safeParse(report).success).toBe(true);
    expect(report.client.name).toBe('lite');
    const byType = Object.fromEntries(report.events.map((e) => [e.type, e.data]));
    expect(byType.fcp).toEqual({ route: 'post', value: 120.4 });
    expect(byType.lcp).toMatchObject({ value: 450 });
    expect(byType.cls).toMatchObject({ value: 0.05 });
    expect(byType.nav).toMatchObject({ ttfb: 50, load: 400 });
    expect(byType.ready).toBeDefined();
    expect(report.events.filter((e) => e.type === 'timing.resource')).toHaveLength(1);
    reporter.stop();
  });

  it('reports unsupported without PerformanceObserver', () => {
    const send = vi.fn<(report: MetricsReport) => void>();
    const reporter = createMetricsReporter({ send, route: 'other', env: { now: () => 0 } });
    reporter.flush();
    expect(send.mock.calls[0]?.[0].events.map((e) => e.type)).toEqual(['unsupported']);
    reporter.flush();
    expect(send).toHaveBeenCalledTimes(1);
    reporter.stop();
  });
});

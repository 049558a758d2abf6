import { describe, expect, it } from 'vitest';
import { METRICS_ROUTE_NAMES } from '../src/constants';
import {
  ANALYTICS_EVENT_NAMES,
  analyticsBatchSchema,
  errorReportsSchema,
  METRICS_EVENT_TYPES,
  metricsReportSchema,
  metricsRouteName,
  SOURCE_FIELDS,
  TELEMETRY_LIMITS,
} from '../src/index';

describe('names (spec §7)', () => {
  it('lists every analytics event name once', () => {
    expect(ANALYTICS_EVENT_NAMES).toHaveLength(22);
    expect(new Set(ANALYTICS_EVENT_NAMES).size).toBe(ANALYTICS_EVENT_NAMES.length);
    expect(ANALYTICS_EVENT_NAMES).toContain('search.predictiveResultClicked');
    expect(ANALYTICS_EVENT_NAMES).toContain('susi.viewed');
  });

  it('keeps the source-tracking fields in order', () => {
    expect(SOURCE_FIELDS[0]).toBe('name');
    expect(SOURCE_FIELDS.at(-1)).toBe('rankedModuleType');
    expect(SOURCE_FIELDS).toHaveLength(15);
  });

  it('maps route names to metrics route names, else other', () => {
    expect(metricsRouteName('ShowHome')).toBe('homepage');
    expect(metricsRouteName('ShowPost')).toBe('post');
    expect(metricsRouteName('ShowPostUnderUser')).toBe('post');
    expect(metricsRouteName('ShowUser')).toBe('profile');
    expect(metricsRouteName('ShowCollectionHome')).toBe('collection-homepage');
    expect(metricsRouteName('ShowTopic')).toBe('topic');
    expect(metricsRouteName('ShowTagPosts')).toBe('tag');
    expect(metricsRouteName('ShowYourStories')).toBe('other');
    expect(metricsRouteName('toString')).toBe('other');
    expect(metricsRouteName(undefined)).toBe('other');
    for (const name of ['ShowHome', 'ShowPost', 'ShowStatsPost', 'ShowSequencePost', 'ShowUserList']) {
      expect([...METRICS_ROUTE_NAMES, 'other']).toContain(metricsRouteName(name));
    }
  });
});

describe('metrics body (spec §7)', () => {
  const valid = {
    client: { name: 'lite', version: '1.0.0' },
    events: [
      { type: 'fcp', data: { value: 120, route: 'post' } },
      { type: 'timing.resource', data: {} },
    ],
  };

  it('accepts the event types and timing types', () => {
    expect(metricsReportSchema.parse(valid).events).toHaveLength(2);
    for (const type of METRICS_EVENT_TYPES) {
      expect(metricsReportSchema.safeParse({ ...valid, events: [{ type }] }).success).toBe(true);
    }
  });

  it('rejects unknown types, nested data and too many events', () => {
    expect(metricsReportSchema.safeParse({ ...valid, events: [{ type: 'nope' }] }).success).toBe(false);
    expect(
      metricsReportSchema.safeParse({ ...valid, events: [{ type: 'fcp', data: { a: { b: 1 } } }] }).success,
    ).toBe(false);
    const many = Array.from({ length: TELEMETRY_LIMITS.metricsEventsMax + 1 }, () => ({ type: 'cls' }));
    expect(metricsReportSchema.safeParse({ ...valid, events: many }).success).toBe(false);
    expect(metricsReportSchema.safeParse({ events: valid.events }).success).toBe(false);
  });
});

describe('analytics batch (spec §7)', () => {
  it('accepts known events of type e with common data', () => {
    const batch = analyticsBatchSchema.parse({
      common: {
        service: 'lite',
        location: 'https://x/p/1',
        browserWidth: 1024,
        referrer: '',
        referrerSource: '',
      },
      events: [{ key: 'user.followed', data: { targetUserId: 'u1', followSource: 'post' }, type: 'e' }],
    });
    expect(batch.events[0]?.key).toBe('user.followed');
  });

  it('rejects unknown keys, other types and oversized batches', () => {
    expect(analyticsBatchSchema.safeParse({ events: [{ key: 'x.y', data: {}, type: 'e' }] }).success).toBe(
      false,
    );
    expect(analyticsBatchSchema.safeParse({ events: [{ key: 'nav.clicked', type: 'p' }] }).success).toBe(
      false,
    );
    const many = Array.from({ length: TELEMETRY_LIMITS.analyticsEventsMax + 1 }, () => ({
      key: 'nav.clicked',
      type: 'e',
    }));
    expect(analyticsBatchSchema.safeParse({ events: many }).success).toBe(false);
  });

  it('caps string lengths', () => {
    const long = 'x'.repeat(TELEMETRY_LIMITS.valueLength + 1);
    expect(
      analyticsBatchSchema.safeParse({ events: [{ key: 'nav.clicked', type: 'e', data: { a: long } }] })
        .success,
    ).toBe(false);
  });
});

describe('error reports (spec §7)', () => {
  it('is a bounded JSON array of messages', () => {
    expect(errorReportsSchema.safeParse([{ message: 'boom', stack: 'at x' }]).success).toBe(true);
    expect(errorReportsSchema.safeParse({ message: 'boom' }).success).toBe(false);
    expect(errorReportsSchema.safeParse([]).success).toBe(false);
    const many = Array.from({ length: TELEMETRY_LIMITS.errorReportsMax + 1 }, () => ({ message: 'm' }));
    expect(errorReportsSchema.safeParse(many).success).toBe(false);
  });
});

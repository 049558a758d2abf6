import { Notification, User } from '@quire/db';
import { isKnownNotificationType } from '@quire/domain';
import { useTestDatabase } from '@quire/test-harness';
import { describe, expect, it } from 'vitest';
import { NOTIFIED_USERNAMES } from '../src/demo-notifications';
import { DEMO, seedDemo } from '../src/index';

const db = useTestDatabase();

describe('demo notifications', () => {
  it('gives the demo writers a bell with unread and read notifications, once', async () => {
    const first = await seedDemo(db.orm);
    expect(first.notifications).toBeGreaterThan(0);
    const em = db.em();
    const writer = await em.findOneOrFail(User, { username: DEMO.writerUsername });
    const rows = await em.find(Notification, { recipient: writer.id });
    const seen = writer.notificationsLastViewedAt!;
    expect(rows.filter((n) => n.occurredAt > seen).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((n) => n.occurredAt <= seen).length).toBeGreaterThanOrEqual(1);
    expect(rows.every((n) => isKnownNotificationType(n.notificationType))).toBe(true);
    const rollups = rows.filter((n) => n.notificationType.endsWith('_rollup'));
    expect(rollups.length).toBeGreaterThan(0);
    expect(rollups.every((n) => n.rollupItems.length > 0)).toBe(true);
    expect(NOTIFIED_USERNAMES).toContain(DEMO.partnerUsername);
    const partner = await em.findOneOrFail(User, { username: DEMO.partnerUsername });
    expect(
      await em.count(Notification, { recipient: partner.id, notificationType: { $like: 'tax_%' } }),
    ).toBe(1);

    const total = await db.em().count(Notification, {});
    expect((await seedDemo(db.orm)).notifications).toBe(0);
    expect(await db.em().count(Notification, {})).toBe(total);
  });
});

import { z } from 'zod';
import { textInput } from './text-input';

/* The Partner Program dashboard's and the allocation's input, apart from earnings.ts so pages load no zod. */

/** Whose dashboard: a username from /@{username}/partner/dashboard, or none for /me/partner/dashboard. */
export const earningsDashboardInput = z.object({
  username: textInput().trim().min(1).max(100).optional(),
});
export type EarningsDashboardInput = z.infer<typeof earningsDashboardInput>;

/** A UTC day 'YYYY-MM-DD' that exists on the calendar (2026-02-30 is refused). */
export const earningsDayInput = textInput()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.')
  .refine((day) => {
    const at = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
  }, 'That day is not on the calendar.');

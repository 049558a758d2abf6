import { defineEntity, p } from '@mikro-orm/core';

/**
 * How often a key was used until an instant, in PostgreSQL so that every app process counts the same: a /v1
 * token's calls in a rate window (key `v1:<token id>`, ending with the window), a captcha's nonce spent once (key
 * `captcha:<nonce>`, ending when its token expires). Rows that ended are deleted as new windows open.
 */
export const UsageCountSchema = defineEntity({
  name: 'UsageCount',
  tableName: 'usage_counts',
  properties: {
    key: p.string().length(120).primary(),
    endsAt: p.datetime().primary().index(),
    hits: p.integer(),
  },
});
export class UsageCount extends UsageCountSchema.class {}
UsageCountSchema.setClass(UsageCount);

import { defineEntity, p } from '@mikro-orm/core';
import { baseProperties } from '../../base';
import { User } from './user.entity';

/**
 * Spec §8 account creation limits ('used too many times', 'Too many accounts created from this IP address'):
 * one row per CreateAccount attempt, counted per IP and per email over a recent window.
 */
export const SignupAttemptSchema = defineEntity({
  name: 'SignupAttempt',
  tableName: 'signup_attempts',
  properties: {
    ...baseProperties,
    ip: p.string().length(64),
    /** Normalised (trimmed, lowercased) address. */
    email: p.string().length(254).nullable(),
    succeeded: p.boolean().default(false),
    /** The account created, when the attempt succeeded. */
    user: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
  },
  indexes: [{ properties: ['ip', 'createdAt'] }, { properties: ['email', 'createdAt'] }],
});
export class SignupAttempt extends SignupAttemptSchema.class {}
SignupAttemptSchema.setClass(SignupAttempt);

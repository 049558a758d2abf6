import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '@quire/db';
import type { TwoFactorMethod } from '@quire/domain';
import { enqueueEmail } from '@quire/mail';

/** Delivers a two-factor code by text or voice call (spec §3 SMS_TEXT, VOICE_CALL). */
export interface TwoFactorCodeSender {
  send(
    em: EntityManager,
    message: { user: User; method: TwoFactorMethod; phone: string; code: string },
  ): void;
}

/**
 * The default sender for machines without an SMS provider: the code goes to the user's mail
 * outbox (in the caller's transaction), saying which phone it was meant for.
 */
export class OutboxCodeSender implements TwoFactorCodeSender {
  send(em: EntityManager, m: { user: User; method: TwoFactorMethod; phone: string; code: string }) {
    const to = m.user.email ?? m.user.unverifiedEmail;
    if (!to) return;
    const channel = m.method === 'VOICE_CALL' ? 'voice call' : 'text message';
    enqueueEmail(em, {
      category: 'security',
      to,
      subject: 'Your verification code',
      template: 'two-factor-code',
      payload: { code: m.code, text: `Your verification code is ${m.code} (${channel} to ${m.phone}).` },
    });
  }
}

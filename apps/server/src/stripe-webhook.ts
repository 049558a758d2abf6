import { receivePaymentEvent, type ServiceEnvironment } from '@quire/api';
import type { Orm } from '@quire/db';
import { type PaymentEvent, WebhookSignatureError } from '@quire/payments';
import type { FastifyInstance } from 'fastify';

/** Where the payment provider posts its events (Stripe's webhook endpoint, or the test-mode provider's). */
export const STRIPE_WEBHOOK_PATH = '/_/stripe/webhook';

/** Stripe's events are far below this; the site-wide JSON limit would do, but a large invoice must not be lost. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The payment webhook: 400 without a signature, 401 when it does not verify, 200 for types Quire ignores and
 * for every event applied (a replay changes nothing), 500 when applying fails, so the provider retries later
 * (the event's transaction rolled back, nothing of it is written). No anti-forgery token (the provider posts
 * it) and no rate limit (a backlog of retries arrives at once).
 */
export async function registerStripeWebhook(app: FastifyInstance, orm: Orm, env: ServiceEnvironment) {
  await app.register(async (scope) => {
    // The signature covers the exact bytes sent: the body stays unparsed, whatever its content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.post(
      STRIPE_WEBHOOK_PATH,
      { config: { xsrf: false }, bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      async (req, reply) => {
        const header = req.headers['stripe-signature'];
        const signature = Array.isArray(header) ? header[0] : header;
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        let event: PaymentEvent | null;
        try {
          event = env.payments.parseWebhook(body, signature);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            return reply
              .code(error.reason === 'missing' ? 400 : 401)
              .send({ error: { message: error.message } });
          }
          // Signed, yet not an event we can read.
          req.log.warn({ err: error }, 'unreadable payment webhook');
          return reply.code(400).send({ error: { message: 'The webhook body is not an event.' } });
        }
        if (!event) return reply.send({ received: true, ignored: true });
        try {
          const outcome = await receivePaymentEvent(orm.em.fork(), env, event);
          return reply.send({ received: true, outcome });
        } catch (error) {
          req.log.error({ err: error, eventId: event.id, type: event.type }, 'payment webhook failed');
          return reply
            .code(500)
            .send({ error: { message: 'The event could not be applied now; send it again later.' } });
        }
      },
    );
  });
}

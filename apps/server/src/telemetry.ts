import { sessionFromToken, zodMessage } from '@quire/api';
import { AnalyticsEvent, newId, type Orm } from '@quire/db';
import {
  analyticsBatchSchema,
  CLIENT_NAME_HEADER,
  ERRORS_PATH,
  EVENTS_PATH,
  errorReportsSchema,
  LITE_CLIENT_NAME,
  METRICS_REPORT_PATH,
  metricsReportSchema,
} from '@quire/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SESSION_COOKIE, VISITOR_COOKIE } from './context';

/** Per-IP budget of each telemetry route (the rate-limit plugin is registered with global: false). */
const TELEMETRY_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
/** Client timestamps further than this from the server's clock are replaced by the server's. */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

interface Row {
  key: string;
  type: string;
  data: Record<string, unknown>;
  occurredAt?: number | undefined;
}

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ error: { message, code: 'BAD_REQUEST' } });
}

function parse<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; message: string } {
  const result = schema.safeParse(body);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: zodMessage(result.error) };
}

/**
 * Spec §7 client telemetry: metrics reports, batched analytics events and error reports. Each request
 * is validated, capped (schema bounds), rate limited per IP and stored as AnalyticsEvent rows in one
 * multi-row insert; storage failures are logged and never surface to the client or to page rendering.
 */
export function registerTelemetry(app: FastifyInstance, orm: Orm) {
  const store = async (req: FastifyRequest, rows: Row[], withUser: boolean) => {
    try {
      const em = orm.em.fork();
      const now = Date.now();
      const userId = withUser
        ? ((await sessionFromToken(em, req.cookies[SESSION_COOKIE], new Date(now)))?.user.id ?? null)
        : null;
      const visitor = req.cookies[VISITOR_COOKIE];
      const visitorId = visitor && visitor.length <= 16 ? visitor : null;
      const at = new Date(now);
      await em.insertMany(
        AnalyticsEvent,
        rows.map((row) => ({
          id: newId(),
          createdAt: at,
          updatedAt: at,
          key: row.key,
          type: row.type,
          data: row.data,
          user: userId,
          visitorId,
          occurredAt:
            row.occurredAt && Math.abs(row.occurredAt - now) < CLOCK_SKEW_MS ? new Date(row.occurredAt) : at,
        })),
      );
    } catch (err) {
      req.log.warn({ err }, 'telemetry not stored');
    }
  };

  const routeOptions = { config: { rateLimit: TELEMETRY_RATE_LIMIT }, logLevel: 'warn' as const };

  app.post(METRICS_REPORT_PATH, routeOptions, async (req, reply) => {
    if (req.headers[CLIENT_NAME_HEADER] !== LITE_CLIENT_NAME)
      return badRequest(reply, `Metrics reports need the ${CLIENT_NAME_HEADER}: ${LITE_CLIENT_NAME} header.`);
    const parsed = parse(metricsReportSchema, req.body);
    if (!parsed.ok) return badRequest(reply, parsed.message);
    const { client, events } = parsed.value;
    await store(
      req,
      events.map((e) => ({
        key: `metrics.${e.type}`,
        type: 'm',
        data: { ...e.data, client: client.name, clientVersion: client.version },
      })),
      false,
    );
    return reply.code(204).send();
  });

  app.post(EVENTS_PATH, routeOptions, async (req, reply) => {
    const parsed = parse(analyticsBatchSchema, req.body);
    if (!parsed.ok) return badRequest(reply, parsed.message);
    const { common, events } = parsed.value;
    await store(
      req,
      events.map((e) => ({
        key: e.key,
        type: e.type,
        data: { ...common, ...e.data },
        occurredAt: e.timestamp,
      })),
      true,
    );
    return reply.code(204).send();
  });

  app.post(ERRORS_PATH, routeOptions, async (req, reply) => {
    const parsed = parse(errorReportsSchema, req.body);
    if (!parsed.ok) return badRequest(reply, parsed.message);
    await store(
      req,
      parsed.value.map(({ timestamp, ...report }) => ({
        key: 'client.error',
        type: 'error',
        data: report,
        occurredAt: timestamp,
      })),
      true,
    );
    return reply.code(204).send();
  });
}

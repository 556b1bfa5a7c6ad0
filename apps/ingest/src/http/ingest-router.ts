import { Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { BatchError, type ParsedBatch, parseChirpstackUplink, parseHttpBatch, parseTtsUplink } from '../readings/reading-input';
import type { IngestService } from '../readings/ingest.service';
import { BacklogFullError } from '../readings/reading-queue';
import type { SensorDirectory } from '../readings/sensor-directory';

/** The base path of the ingestion's HTTP calls (docs/sensors.md, "HTTP"). */
export const INGEST_BASE_PATH = '/api/ingest/v1';

/** Body size of one call at most: 1,000 readings with long device ids fit easily. */
export const INGEST_BODY_LIMIT = '2mb';

type Parser = (body: unknown, limits: ReturnType<IngestService['limits']>) => ParsedBatch;

/**
 * The ingestion's HTTP calls, apart from the gateway (no user token, no client key: a device key of the company):
 *   POST /api/ingest/v1/readings            a batch of readings
 *   POST /api/ingest/v1/lorawan/tts         an uplink webhook of The Things Stack
 *   POST /api/ingest/v1/lorawan/chirpstack  an event of ChirpStack's HTTP integration (`?event=up`; others ignored)
 * The key comes as `Authorization: Bearer dk_…` or `X-Device-Key: dk_…` (the LoRaWAN servers' webhooks set either as
 * a header). Answers are envelopes as the gateway's: 202 `{accepted, refused}`, 1000 (HTTP 422) for a body that is no batch, 401
 * for a missing or unknown key, 503 when the catalog does not answer, 503 with `Retry-After` while the writers are behind
 * (the work stream holds more than INGEST_BACKLOG_MAX_MB; the batch is refused whole, nothing of it taken). The same router serves the embedded run (on its
 * one port) and the ingestion process (on INGEST_PORT).
 */
export function ingestRouter(ingest: IngestService, directory: SensorDirectory): Router {
  const log = new Logger('IngestHttp');
  const router = Router();
  router.use(express.json({ limit: INGEST_BODY_LIMIT, type: ['application/json', 'application/*+json'] }));

  const handle = (parser: Parser, skip?: (req: Request) => boolean) => async (req: Request, res: Response) => {
    try {
      const key = deviceKeyOf(req);
      const companyId = key ? await directory.companyOfKey(key) : null;
      if (companyId === null) {
        res.status(401).json(envelope(ProtocolCode.Unauthenticated, key ? 'device key not valid' : 'device key missing: Authorization: Bearer dk_… or X-Device-Key'));
        return;
      }
      if (skip?.(req)) {
        res.status(202).json(envelope(ProtocolCode.Ok, '', { accepted: 0, refused: [], ignored: true }));
        return;
      }
      ingest.admit();
      const batch = parser(req.body, ingest.limits());
      const answer = await ingest.accept(companyId, batch);
      res.status(202).json(envelope(ProtocolCode.Ok, '', answer));
    } catch (error) {
      writeError(res, error, log);
    }
  };

  router.post('/readings', handle(parseHttpBatch));
  router.post('/lorawan/tts', handle(parseTtsUplink));
  router.post(
    '/lorawan/chirpstack',
    handle(parseChirpstackUplink, (req) => typeof req.query['event'] === 'string' && req.query['event'] !== 'up'),
  );
  router.use((req: Request, res: Response) => {
    res.status(404).json(envelope(ProtocolCode.NotFound, `no ingestion call ${req.method} ${req.baseUrl}${req.path}`));
  });
  // body parser failures (malformed JSON, too large) as envelopes
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => writeError(res, error, log));
  return router;
}

function deviceKeyOf(req: Request): string | null {
  const header = req.headers['x-device-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = req.headers.authorization;
  const match = typeof auth === 'string' ? /^Bearer\s+(\S+)$/i.exec(auth.trim()) : null;
  return match ? match[1]! : null;
}

function envelope(code: number, message: string, data: unknown = null, field?: string) {
  return { Meta: { code, message, ...(field ? { field } : {}) }, Data: data };
}

function writeError(res: Response, error: unknown, log: Logger): void {
  if (error instanceof BatchError) {
    res.status(422).json(envelope(ErrorCode.Validation, error.message, { errors: [{ field: error.field, message: error.message }] }, error.field));
    return;
  }
  const status = (error as { status?: number; type?: string })?.status;
  const type = (error as { type?: string })?.type;
  if (type === 'entity.too.large') {
    res.status(413).json(envelope(ErrorCode.Validation, `body: larger than ${INGEST_BODY_LIMIT}`, { errors: [{ field: 'body', message: `larger than ${INGEST_BODY_LIMIT}` }] }, 'body'));
    return;
  }
  if (type === 'entity.parse.failed' || (status === 400 && type)) {
    res.status(422).json(envelope(ErrorCode.Validation, 'body: not JSON', { errors: [{ field: 'body', message: 'not JSON' }] }, 'body'));
    return;
  }
  if (error instanceof AppError && error.code === ErrorCode.Validation) {
    res.status(422).json(envelope(error.code, error.message, { errors: error.errors ?? [] }, error.field));
    return;
  }
  if (error instanceof BacklogFullError) {
    res.setHeader('Retry-After', String(error.retryAfterS));
    res.status(503).json(envelope(ProtocolCode.Unavailable, error.message, { retry_after: error.retryAfterS }));
    return;
  }
  // the catalog or the work stream did not answer: the device should send again later
  log.error(`ingestion failed: ${(error as Error)?.message ?? String(error)}`);
  res.status(503).json(envelope(ProtocolCode.Unavailable, 'readings not taken, send them again later'));
}

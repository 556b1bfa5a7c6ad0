import { existsSync } from 'node:fs';
import path from 'node:path';
import { Logger, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ReadCache } from '@kanban/messaging';
import type { GatewayConfig } from './config';
import { writeError } from './http/exception.filter';
import { readCacheFastPath } from './http/read-cache.fast-path';
import { stateTextLimitsInOpenApi } from './http/text-limits';
import { rejectUnsafeText } from './http/validation';
import { securityHeaders } from './security-headers';

/**
 * Everything the HTTP app needs around the Nest routes; shared by the distributed gateway process and the
 * embedded run. The app must be created with `bodyParser: false`.
 */
/** idle keep-alive time of the HTTP server: above the 60 s of common load balancers */
export const KEEP_ALIVE_MS = 65_000;

export function configureHttpApp(app: INestApplication, config: GatewayConfig): void {
  const express_ = app as NestExpressApplication;
  const log = new Logger('Http');
  express_.disable('x-powered-by');
  // Answers are envelopes built per call; no client revalidates them, and hashing each body cost CPU.
  express_.set('etag', false);
  express_.set('trust proxy', config.trustProxy);
  // First, so every answer carries them: errors of the body parsers, cached answers, files and the web app.
  express_.use(securityHeaders());
  app.setGlobalPrefix('api');
  app.enableShutdownHooks();
  // Idle keep-alive connections stay open longer than a client or load balancer keeps them (Node's 5 s invites a
  // race: a client reuses a connection in the moment the server closes it and gets ECONNRESET; seen under load).
  const server = app.getHttpServer() as { keepAliveTimeout: number; headersTimeout: number };
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  // Body parsers with their own error handler, so malformed or oversized bodies get an envelope too.
  express_.use(express.json({ limit: config.bodyLimit }));
  express_.use(express.urlencoded({ extended: false, limit: config.bodyLimit }));
  express_.use((error: unknown, _req: Request, res: Response, next: NextFunction) => (error ? writeError(res, error, log) : next()));
  // NUL characters and unpaired surrogates in body or query: 1000 naming the field, before any route.
  express_.use(rejectUnsafeText((res, error) => writeError(res, error, log)));

  express_.use(requestLogger(log));
  const cache = readCacheOf(app);
  if (cache) express_.use(readCacheFastPath(cache, config.jwtSecret));

  stateTextLimitsInOpenApi(); // every @MaxLength as maxLength in the document
  const document = SwaggerModule.createDocument(app, openApiConfig());
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });

  serveWebApp(express_, config.webDir);
}

function readCacheOf(app: INestApplication): ReadCache | undefined {
  try {
    return app.get(ReadCache, { strict: false });
  } catch {
    return undefined; // READ_CACHE_TTL_MS=0
  }
}

export function openApiConfig() {
  return new DocumentBuilder()
    .setTitle('Kanban replenishment platform API')
    .setDescription('Every answer is an envelope {"Meta":{"code":200,"message":""},"Data":...}; errors carry a catalogue code in Meta.code.')
    .setVersion('1.0.0')
    .addBearerAuth()
    .addApiKey({ type: 'apiKey', name: 'X-API-Key', in: 'header' }, 'client-key')
    .build();
}

/** One structured line per request: method, path, status, duration. */
function requestLogger(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      if (req.path.startsWith('/api/health')) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.log({ msg: 'request', method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 100) / 100 });
    });
    next();
  };
}

/** The built web app at /, with history fallback: unknown non-API paths get index.html. */
function serveWebApp(app: NestExpressApplication, webDir: string): void {
  const root = path.resolve(webDir);
  const index = path.join(root, 'index.html');
  if (existsSync(root)) app.use(express.static(root, { index: false, maxAge: '1h' }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || req.path.startsWith('/api')) return next();
    if (existsSync(index)) return res.sendFile(index);
    res.status(200).type('text/plain').send('The web app is not built. Run "npm run build" to build it.');
  });
}

import { AppError, type ErrorBody, isErrorBody, ProtocolCode } from '@kanban/access';

/** What a request handler answers, on every transport. */
export type BusReply<T = unknown> = { ok: true; data: T } | { ok: false; err: ErrorBody };

/** A durable event as it travels: the outbox id is the event id and the JetStream message id. */
export interface EventEnvelope<T = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  data: T;
}

/** Turns anything thrown into the body that crosses the bus; unknown failures never leak details. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) return error.toBody();
  if (isErrorBody(error)) return error;
  return { code: ProtocolCode.Internal, message: 'unknown error' };
}

/** Turns what came back over the bus into an AppError the gateway can put into the envelope. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isErrorBody(error)) return AppError.fromBody(error);
  const nats = error as { code?: string; message?: string };
  if (nats?.code === '503') return new AppError(ProtocolCode.Unavailable, 'service unavailable');
  if (nats?.code === 'TIMEOUT') return new AppError(ProtocolCode.Unavailable, 'service timed out');
  return new AppError(ProtocolCode.Internal, 'unknown error');
}

/** Round-trips through JSON so in-process calls behave like the wire (dates become strings, etc.). */
export function wireCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Stream that holds the durable events of the service named in `evt.<service>.<name>`. */
export function streamOf(subject: string, prefix: string): string {
  const match = /^evt\.([a-z0-9_-]+)\./i.exec(subject);
  if (!match) throw new Error(`event subject must look like evt.<service>.<name>: ${subject}`);
  return streamName(match[1]!, prefix);
}

export function streamName(service: string, prefix: string): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}EVT_${service}`;
}

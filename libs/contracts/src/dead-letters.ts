import type { BusService } from './bus-access';

/** The services that keep dead letters of their durable consumers (every service but the gateway). */
export type DeadLetterService = Exclude<BusService, 'gateway'>;

/** The durable event a service publishes when one of its consumers gave up on an event. */
export function deadLetterSubject<S extends string>(service: S): `evt.${S}.dead_letter` {
  return `evt.${service}.dead_letter`;
}

/** The request subjects every consuming service serves for its dead letters. */
export function deadLetterRequests<S extends string>(
  service: S,
): { retry: `${S}.dead_letters.retry`; discard: `${S}.dead_letters.discard` } {
  return { retry: `${service}.dead_letters.retry`, discard: `${service}.dead_letters.discard` };
}

/** What `evt.<service>.dead_letter` carries (the orders service writes journal entry 2000 of it). */
export interface DeadLettered {
  company_id: number;
  service: string;
  dead_letter_id: number;
  consumer: string;
  /** the subject of the event that failed */
  subject: string;
  failures: number;
  /** the last failure as a tenant may see it */
  error: { code: number; message: string };
}

/** `<service>.dead_letters.retry` / `.discard`: one dead letter of a company. */
export interface DeadLetterAction {
  company_id: number;
  id: number;
}

export interface DeadLetterRetryResult {
  /** true: the consumer processed the event and the dead letter is gone; false: it failed again (`error`) */
  retried: boolean;
  error: { code: number; message: string } | null;
}

/** `<service>.dead_letters.discard` answers whether there was one to discard. */
export interface DeadLetterDiscardResult {
  discarded: boolean;
}

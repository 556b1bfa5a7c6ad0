import { JSONCodec, type Subscription } from 'nats';
import type { NatsBus } from './nats';

const codec = JSONCodec();

/**
 * Fire-and-forget notices to every listening process (every replica, no queue group), for hints that lose
 * nothing when one goes astray: a read cache dropping answers after a commit (its entries also expire).
 * Durable facts go through the outbox and JetStream, never here. Subjects must not start with `evt.`
 * (those are captured by the services' event streams).
 */
export interface Broadcasts {
  publish(subject: string, data: unknown): void;
  /** Returns the function that stops listening. */
  subscribe(subject: string, listener: (data: unknown) => void): () => void;
}

export const BROADCASTS = Symbol('BROADCASTS');

function assertSubject(subject: string): void {
  if (subject.startsWith('evt.')) throw new Error(`broadcast subjects must not start with evt.: ${subject}`);
}

/** Core NATS publish/subscribe under the run's subject prefix. */
export class NatsBroadcasts implements Broadcasts {
  constructor(private readonly bus: NatsBus) {}

  publish(subject: string, data: unknown): void {
    assertSubject(subject);
    if (!this.bus.nc.isClosed()) this.bus.nc.publish(this.bus.subject(subject), codec.encode(data ?? null));
  }

  subscribe(subject: string, listener: (data: unknown) => void): () => void {
    assertSubject(subject);
    const subscription: Subscription = this.bus.nc.subscribe(this.bus.subject(subject), {
      callback: (err, msg) => {
        if (err) return;
        try {
          listener(msg.data.length ? codec.decode(msg.data) : null);
        } catch {
          // A listener's failure is its own; the next notice comes anyway.
        }
      },
    });
    return () => subscription.unsubscribe();
  }
}

/** The embedded run: listeners are called at once, in the publishing call (a copy of the data each). */
export class InProcessBroadcasts implements Broadcasts {
  private readonly listeners = new Map<string, Set<(data: unknown) => void>>();

  publish(subject: string, data: unknown): void {
    assertSubject(subject);
    for (const listener of this.listeners.get(subject) ?? []) {
      try {
        listener(JSON.parse(JSON.stringify(data ?? null)) as unknown);
      } catch {
        // As over NATS: a listener's failure does not reach the publisher.
      }
    }
  }

  subscribe(subject: string, listener: (data: unknown) => void): () => void {
    assertSubject(subject);
    let set = this.listeners.get(subject);
    if (!set) this.listeners.set(subject, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }
}

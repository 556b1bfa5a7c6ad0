import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { type ClientProxy, Payload } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import type { BusReply, BusRequest, BusSubject } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { BROADCASTS, type Broadcasts, NatsBroadcasts } from './broadcasts';
import { BusController } from './bus-exception.filter';
import { Handles } from './handles';
import { type DeadLetterAction, DeadLetters, deadLetterRequests } from './dead-letters';
import { BUS_CLIENT, EVENT_PUBLISHER, type EventPublisher } from './event-publisher';
import { InProcessClient, InProcessEventPublisher, type InProcessBroker } from './in-process';
import { JetStreamEventPublisher, NatsBusClient, type NatsBus } from './nats';
import { OUTBOX_RELAY_OPTIONS, OutboxRelay, type OutboxRelayOptions } from './outbox';
import { ReadCache, type ReadCacheOptions } from './read-cache';
import { toAppError } from './wire';

/** Which bus this process uses; chosen by the composition root from configuration. */
export type BusTransport = { kind: 'in-process'; broker: InProcessBroker } | { kind: 'nats'; bus: NatsBus };

/**
 * Sends requests to other services and maps their errors to AppError; with a read cache (the gateway's),
 * every request is noted by it (see ReadCache.request).
 */
@Injectable()
export class ServiceBus implements OnApplicationShutdown {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: ClientProxy,
    @Optional() @Inject(ReadCache) private readonly cache?: ReadCache,
  ) {}

  /** Request and reply types come from the subject's row in `BusSubjects` (libs/contracts). */
  request<S extends BusSubject>(subject: S, payload: BusRequest<S>): Promise<BusReply<S>> {
    return this.cache
      ? this.cache.request(subject, payload, () => this.send<BusReply<S>, BusRequest<S>>(subject, payload))
      : this.send<BusReply<S>, BusRequest<S>>(subject, payload);
  }

  private async send<Res, Req>(subject: string, payload: Req): Promise<Res> {
    try {
      return await firstValueFrom(this.client.send<Res, Req>(subject, payload));
    } catch (error) {
      throw toAppError(error);
    }
  }

  onApplicationShutdown(): void {
    this.cache?.close();
  }
}

export interface MessagingOptions {
  /** Keeps answers of reads of one service (see ReadCache); set by processes that serve HTTP. */
  readCache?: ReadCacheOptions;
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot(transport: BusTransport, options: MessagingOptions = {}): DynamicModule {
    const client: ClientProxy =
      transport.kind === 'nats' ? new NatsBusClient(transport.bus) : new InProcessClient(transport.broker);
    const publisher: EventPublisher =
      transport.kind === 'nats'
        ? new JetStreamEventPublisher(transport.bus)
        : new InProcessEventPublisher(transport.broker);
    const broadcasts: Broadcasts = transport.kind === 'nats' ? new NatsBroadcasts(transport.bus) : transport.broker.broadcasts;
    const cache = options.readCache && options.readCache.ttlMs > 0 ? new ReadCache(options.readCache) : undefined;
    cache?.listen(broadcasts);
    return {
      module: MessagingModule,
      providers: [
        { provide: BUS_CLIENT, useValue: client },
        { provide: EVENT_PUBLISHER, useValue: publisher },
        { provide: BROADCASTS, useValue: broadcasts },
        ...(cache ? [{ provide: ReadCache, useValue: cache }] : []),
        ServiceBus,
      ],
      exports: [BUS_CLIENT, EVENT_PUBLISHER, BROADCASTS, ServiceBus, ...(cache ? [ReadCache] : [])],
    };
  }
}

/**
 * A service's outbox relay, on its own UnitOfWork, and its dead letters (`DeadLetters`, for its durable consumers, with
 * the handler of `<service>.dead_letters.retry` / `.discard`).
 */
export function serviceOutbox(options: OutboxRelayOptions): DynamicModule {
  @Module({})
  class ServiceOutboxModule {}
  const subjects = deadLetterRequests(options.service);
  @BusController()
  class DeadLettersHandler {
    constructor(private readonly deadLetters: DeadLetters) {}

    @Handles(subjects.retry)
    retry(@Payload() input: DeadLetterAction) {
      return this.deadLetters.retry(input);
    }

    @Handles(subjects.discard)
    discard(@Payload() input: DeadLetterAction) {
      return this.deadLetters.discard(input);
    }
  }
  return {
    module: ServiceOutboxModule,
    controllers: [DeadLettersHandler],
    providers: [
      {
        provide: DeadLetters,
        useFactory: (uow: UnitOfWork) =>
          new DeadLetters(uow, { service: options.service, maxFailures: options.maxFailures, failureFile: options.failureFile }),
        inject: [unitOfWorkToken(options.service)],
      },
      { provide: OUTBOX_RELAY_OPTIONS, useValue: options },
      {
        provide: OutboxRelay,
        useFactory: (uow: UnitOfWork, publisher: EventPublisher, opts: OutboxRelayOptions) =>
          new OutboxRelay(uow, publisher, opts),
        inject: [unitOfWorkToken(options.service), EVENT_PUBLISHER, OUTBOX_RELAY_OPTIONS],
      },
    ],
    exports: [OutboxRelay, DeadLetters],
  };
}

import { type DynamicModule, Global, Inject, Injectable, Module } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { BUS_CLIENT, EVENT_PUBLISHER, type EventPublisher } from './event-publisher';
import { InProcessClient, InProcessEventPublisher, type InProcessBroker } from './in-process';
import { JetStreamEventPublisher, NatsBusClient, type NatsBus } from './nats';
import { OUTBOX_RELAY_OPTIONS, OutboxRelay, type OutboxRelayOptions } from './outbox';
import { toAppError } from './wire';

/** Which bus this process uses; chosen by the composition root from configuration. */
export type BusTransport = { kind: 'in-process'; broker: InProcessBroker } | { kind: 'nats'; bus: NatsBus };

/** Sends requests to other services and maps their errors to AppError. */
@Injectable()
export class ServiceBus {
  constructor(@Inject(BUS_CLIENT) private readonly client: ClientProxy) {}

  async request<Res, Req = unknown>(subject: string, payload: Req): Promise<Res> {
    try {
      return await firstValueFrom(this.client.send<Res, Req>(subject, payload));
    } catch (error) {
      throw toAppError(error);
    }
  }
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot(transport: BusTransport): DynamicModule {
    const client: ClientProxy =
      transport.kind === 'nats' ? new NatsBusClient(transport.bus) : new InProcessClient(transport.broker);
    const publisher: EventPublisher =
      transport.kind === 'nats'
        ? new JetStreamEventPublisher(transport.bus)
        : new InProcessEventPublisher(transport.broker);
    return {
      module: MessagingModule,
      providers: [{ provide: BUS_CLIENT, useValue: client }, { provide: EVENT_PUBLISHER, useValue: publisher }, ServiceBus],
      exports: [BUS_CLIENT, EVENT_PUBLISHER, ServiceBus],
    };
  }
}

/** A service's outbox relay, on its own UnitOfWork. */
export function serviceOutbox(options: OutboxRelayOptions): DynamicModule {
  @Module({})
  class ServiceOutboxModule {}
  return {
    module: ServiceOutboxModule,
    providers: [
      { provide: OUTBOX_RELAY_OPTIONS, useValue: options },
      {
        provide: OutboxRelay,
        useFactory: (uow: UnitOfWork, publisher: EventPublisher, opts: OutboxRelayOptions) =>
          new OutboxRelay(uow, publisher, opts),
        inject: [unitOfWorkToken(options.service), EVENT_PUBLISHER, OUTBOX_RELAY_OPTIONS],
      },
    ],
    exports: [OutboxRelay],
  };
}

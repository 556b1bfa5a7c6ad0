import { Payload } from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import type { BusEvents, BusReply, BusRequest, CompanyCaller, CustomerDto, Page } from '@kanban/contracts';
import { Handles, OnEvent } from './handles';
import type { ServiceBus } from './messaging.module';
import { addToOutbox } from './outbox';
import type { EventEnvelope } from './wire';

/**
 * Callers and handlers are typed from the subject table (libs/contracts/src/subjects.ts). The `@ts-expect-error` lines
 * are the test: `npm test`'s type check (tsconfig.json includes this file) fails when one of them stops being an error,
 * i.e. when a caller or a handler that disagrees with the table would pass.
 */
const caller = { userId: 1, operator: false, companyId: 1, role: 3 } as CompanyCaller;

// Callers: ServiceBus.request infers request and reply from the subject.
export async function callers(bus: ServiceBus): Promise<void> {
  const page: Page<CustomerDto> = await bus.request('catalog.customer.list', { caller, query: {} });
  void page;
  // @ts-expect-error the reply of catalog.customer.list is a page of customers, not one
  const one: CustomerDto = await bus.request('catalog.customer.list', { caller, query: {} });
  void one;
  // @ts-expect-error customerId is a number
  await bus.request('catalog.customer.get', { caller, customerId: '7' });
  // @ts-expect-error the request lacks customerId
  await bus.request('catalog.customer.get', { caller });
  // @ts-expect-error a property the handler does not take
  await bus.request('catalog.customer.get', { caller, customerId: 7, extra: true });
  // @ts-expect-error no such subject
  await bus.request('catalog.customer.nonexistent', {});
  // @ts-expect-error explicit type arguments name the subject, not the reply
  await bus.request<CustomerDto>('catalog.customer.get', { caller, customerId: 7 });
}

// Events: addToOutbox takes the payload of its subject.
export function publishers(em: Parameters<typeof addToOutbox>[0]): void {
  addToOutbox(em, 'evt.identity.user_deleted', { user_id: 1 });
  // @ts-expect-error user_id is a number
  addToOutbox(em, 'evt.identity.user_deleted', { user_id: '1' });
  // @ts-expect-error no such event
  addToOutbox(em, 'evt.identity.nonexistent', { user_id: 1 });
}

// Handlers: @Handles / @OnEvent check the method against the table.
export class Handlers {
  @Handles('catalog.customer.get')
  good(@Payload() p: BusRequest<'catalog.customer.get'>): Promise<BusReply<'catalog.customer.get'>> {
    return Promise.resolve({ id: p.customerId } as CustomerDto);
  }

  @Handles('catalog.customer.get')
  goodSync(p: { caller: CompanyCaller; customerId: number }): CustomerDto {
    return { id: p.customerId } as CustomerDto;
  }

  @Handles('catalog.health')
  noPayload(): { service: string; db: boolean } {
    return { service: 'catalog', db: true };
  }

  // @ts-expect-error the payload of catalog.customer.get has customerId, not supplierId
  @Handles('catalog.customer.get')
  wrongPayload(p: { caller: CompanyCaller; supplierId: number }): CustomerDto {
    return { id: p.supplierId } as CustomerDto;
  }

  // @ts-expect-error catalog.customer.get answers a customer, not a page
  @Handles('catalog.customer.get')
  wrongReply(p: BusRequest<'catalog.customer.get'>): Page<CustomerDto> {
    return { data: [], total: p.customerId } as unknown as Page<CustomerDto>;
  }

  @OnEvent('evt.identity.user_deleted')
  async event(envelope: EventEnvelope<BusEvents['evt.identity.user_deleted']>): Promise<void> {
    void envelope.data.user_id;
  }

  // @ts-expect-error evt.identity.user_deleted carries a user_id, not a company_id
  @OnEvent('evt.identity.user_deleted')
  async wrongEvent(envelope: EventEnvelope<{ company_id: number }>): Promise<void> {
    void envelope.data.company_id;
  }
}

describe('typed bus contract', () => {
  it('registers @Handles and @OnEvent as Nest message and event patterns', () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, Handlers.prototype.good)).toEqual(['catalog.customer.get']);
    expect(Reflect.getMetadata(PATTERN_METADATA, Handlers.prototype.event)).toEqual([
      'evt.identity.user_deleted',
    ]);
  });
});

import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type BusService, CatalogSubjects, IdentitySubjects, NotificationsSubjects, OrdersSubjects, SupplySubjects } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { Public } from '../auth/guards';

/** Services the gateway depends on; each answers <service>.health after checking its database. */
const SERVICES: Record<string, `${Exclude<BusService, 'gateway'>}.health`> = { identity: IdentitySubjects.health, catalog: CatalogSubjects.health, orders: OrdersSubjects.health, supply: SupplySubjects.health, notifications: NotificationsSubjects.health };

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly bus: ServiceBus) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the gateway process answers' })
  live(): { status: 'ok'; uptime_s: number } {
    return { status: 'ok', uptime_s: Math.round(process.uptime()) };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: every service answers over the bus with its database' })
  async ready(): Promise<{ status: 'ok'; services: Record<string, boolean> }> {
    const entries = await Promise.all(
      Object.entries(SERVICES).map(async ([name, subject]) => [name, await this.bus.request(subject, {}).then(() => true)] as const),
    );
    return { status: 'ok', services: Object.fromEntries(entries) };
  }
}

import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type LocationReportQuery,
  type OrderStatsQuery,
  type RulesCheckQuery,
  type ServiceReportQuery,
  type StatsRequest,
  StatsSubjects,
} from '@kanban/contracts';
import { BusController } from '@kanban/messaging';
import { StatsService } from './stats.service';

/** Statistics and reports (docs/statistics.md); scope: none (company) or customerId. */
@BusController()
export class StatsHandler {
  constructor(private readonly stats: StatsService) {}

  @MessagePattern(StatsSubjects.orders)
  orders(@Payload() p: StatsRequest<OrderStatsQuery>) {
    return this.stats.orders(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @MessagePattern(StatsSubjects.orderDetails)
  orderDetails(@Payload() p: StatsRequest<OrderStatsQuery>) {
    return this.stats.orderDetails(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @MessagePattern(StatsSubjects.rulesCheck)
  rulesCheck(@Payload() p: StatsRequest<RulesCheckQuery>) {
    return this.stats.rulesCheck(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @MessagePattern(StatsSubjects.service)
  service(@Payload() p: StatsRequest<ServiceReportQuery>) {
    return this.stats.service(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @MessagePattern(StatsSubjects.serviceDetails)
  serviceDetails(@Payload() p: StatsRequest<ServiceReportQuery>) {
    return this.stats.serviceDetails(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @MessagePattern(StatsSubjects.locationReport)
  locationReport(@Payload() p: StatsRequest<LocationReportQuery>) {
    return this.stats.locationReport(p.caller, p.scope ?? {}, p.query ?? {});
  }
}

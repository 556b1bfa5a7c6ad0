import { Payload } from '@nestjs/microservices';
import {
  type LocationReportQuery,
  type OrderStatsQuery,
  type RulesCheckQuery,
  type ServiceReportQuery,
  type StatsRequest,
  StatsSubjects,
} from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { StatsService } from './stats.service';

/** Statistics and reports (docs/statistics.md); scope: none (company) or customerId. */
@BusController()
export class StatsHandler {
  constructor(private readonly stats: StatsService) {}

  @Handles(StatsSubjects.orders)
  orders(@Payload() p: StatsRequest<OrderStatsQuery>) {
    return this.stats.orders(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @Handles(StatsSubjects.orderDetails)
  orderDetails(@Payload() p: StatsRequest<OrderStatsQuery>) {
    return this.stats.orderDetails(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @Handles(StatsSubjects.rulesCheck)
  rulesCheck(@Payload() p: StatsRequest<RulesCheckQuery>) {
    return this.stats.rulesCheck(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @Handles(StatsSubjects.service)
  service(@Payload() p: StatsRequest<ServiceReportQuery>) {
    return this.stats.service(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @Handles(StatsSubjects.serviceDetails)
  serviceDetails(@Payload() p: StatsRequest<ServiceReportQuery>) {
    return this.stats.serviceDetails(p.caller, p.scope ?? {}, p.query ?? {});
  }

  @Handles(StatsSubjects.locationReport)
  locationReport(@Payload() p: StatsRequest<LocationReportQuery>) {
    return this.stats.locationReport(p.caller, p.scope ?? {}, p.query ?? {});
  }
}

import { Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AppError, ErrorCode } from '@kanban/access';
import { HISTORY_RESOLUTIONS, IngestSubjects, type BusRequest } from '@kanban/contracts';
import { BusController, Handles } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { ReadingsRepository } from './readings.repository';

/** Longest span of one history request per resolution (raw readings: a week; hours: 3 months; days: 13 months). */
const MAX_SPAN_MS = { raw: 7 * 86_400_000, hour: 93 * 86_400_000, day: 400 * 86_400_000 } as const;

/** A sensor's readings over time (the fill-level curve; docs/sensors.md, "History"). */
@BusController()
export class HistoryHandler {
  constructor(
    @Inject(unitOfWorkToken('ingest')) private readonly uow: UnitOfWork,
    private readonly repository: ReadingsRepository,
  ) {}

  @Handles(IngestSubjects.history)
  history(@Payload() q: BusRequest<'ingest.readings.history'>) {
    const from = new Date(q.from);
    const to = new Date(q.to);
    if (Number.isNaN(from.getTime())) throw AppError.validation('from', 'must be an ISO time');
    if (Number.isNaN(to.getTime()) || to <= from) throw AppError.validation('to', 'must be an ISO time after from');
    if (!HISTORY_RESOLUTIONS.includes(q.resolution)) throw AppError.validation('resolution', `must be one of ${HISTORY_RESOLUTIONS.join(', ')}`);
    if (to.getTime() - from.getTime() > MAX_SPAN_MS[q.resolution]) {
      throw new AppError(ErrorCode.Validation, `to: at most ${MAX_SPAN_MS[q.resolution] / 86_400_000} days of ${q.resolution} readings at once`, {
        field: 'to',
        errors: [{ field: 'to', message: `at most ${MAX_SPAN_MS[q.resolution] / 86_400_000} days at once` }],
      });
    }
    return this.uow.read((em) => this.repository.history(em, { company_id: q.company_id, sensor_id: q.sensor_id, from, to, resolution: q.resolution }));
  }
}

import { UniqueConstraintViolationException, type EntityClass, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import type { BusEvent, BusEvents, CompanyCaller, ListQuery, Page } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import type { UnitOfWork } from '@kanban/persistence';
import { type ChangeTarget, recordChanges } from '../changes/change-log';
import { pageOf } from '../shared/list-query';
import { SettingsRecordsRepository } from './settings-records.repository';

interface SettingsRecord {
  id: number;
  companyId: number;
  updatedAt: Date;
}

/** The parts in which the simple company settings (units, storage types, custom field definitions) differ. */
export interface SettingsDefinition<E extends SettingsRecord, Dto, Input> {
  entity: EntityClass<E>;
  /** query alias and the not-found message */
  kind: string;
  /** the text columns `q` searches */
  searchFields: string[];
  sortProperty(sort: string | undefined): string;
  /** extra list conditions from the query (e.g. the custom fields' entity kind) */
  filter?(query: ListQuery & Record<string, unknown>): FilterQuery<E> | undefined;
  normalize(input: Input, mode: 'create' | 'update', current?: E): Input;
  /** the key fields unique in the company, for the friendly 1059 check (the unique index catches races) */
  key?(input: Input, current?: E): { field: string; where: FilterQuery<E> } | null;
  apply(record: E, input: Input): void;
  toDto(record: E): Dto;
  /** runs in the writing transaction before an update is applied (e.g. 1007 when a used unit's code changes) */
  beforeUpdate?(em: EntityManager, record: E, input: Input, options: { confirm: boolean }): Promise<void>;
  /** runs in the deleting transaction before the delete (dependency checks, 1007; dependent rows) */
  beforeRemove?(em: EntityManager, record: E, options: { confirm: boolean }): Promise<void>;
  /** Optional: checks of the whole record after the input is applied, in the writing transaction (1000) */
  validate?(em: EntityManager, record: E): Promise<void>;
  event: BusEvent;
  changed(record: E): Record<string, unknown>;
  /** Optional: the change log files each create, change and delete under this target (sensors); none when unset */
  changeTarget?(record: E): ChangeTarget;
}

/**
 * Company settings that are small lists of their own: list (q over the search fields, sort, pages), read,
 * create, update, delete; each change announced through the outbox in its transaction. Unknown ids and
 * other companies' records answer 404, a taken key 1059. (Master data with numbers, active flags and access
 * restrictions uses MasterDataService instead.)
 */
export class SettingsRecordsService<E extends SettingsRecord, Dto, Input> {
  private readonly records: SettingsRecordsRepository<E>;

  constructor(
    protected readonly uow: UnitOfWork,
    private readonly def: SettingsDefinition<E, Dto, Input>,
  ) {
    this.records = new SettingsRecordsRepository(def.entity, def.kind);
  }

  async list(caller: CompanyCaller, query: ListQuery): Promise<Page<Dto>> {
    const { page, perPage } = pageOf(query);
    const { def } = this;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      const extra = def.filter?.(query as ListQuery & Record<string, unknown>);
      const filter = { extra, q: query.q, searchFields: def.searchFields, sort: def.sortProperty(query.sort), direction: query.order === 'desc' ? ('desc' as const) : ('asc' as const) };
      const [rows, total] = await this.records.list(em, caller.companyId, filter, page, perPage);
      return { items: rows.map((r) => def.toDto(r)), total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, id: number): Promise<Dto> {
    return this.uow.forCompany(caller.companyId).read(async (em) => this.def.toDto(await this.orFail(em, id)));
  }

  async create(caller: CompanyCaller, raw: Input): Promise<Dto> {
    const input = this.def.normalize(raw, 'create');
    return duplicateAs1059(this.keyField(input), () =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        await this.assertKeyFree(em, input, undefined);
        const record = em.create(this.def.entity, { companyId: caller.companyId } as never);
        this.def.apply(record, input);
        await this.def.validate?.(em, record);
        await em.flush();
        this.announce(em, record);
        await this.logChange(em, caller, record, null);
        return this.def.toDto(record);
      }),
    );
  }

  async update(caller: CompanyCaller, id: number, raw: Input, options = { confirm: false }): Promise<Dto> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const record = await this.orFail(em, id);
      const input = this.def.normalize(raw, 'update', record);
      return duplicateAs1059(this.keyField(input, record), async () => {
        await this.assertKeyFree(em, input, record);
        await this.def.beforeUpdate?.(em, record, input, options);
        const before = this.def.changeTarget ? this.def.toDto(record) : null;
        this.def.apply(record, input);
        await this.def.validate?.(em, record);
        record.updatedAt = new Date();
        await em.flush();
        this.announce(em, record);
        await this.logChange(em, caller, record, before);
        return this.def.toDto(record);
      });
    });
  }

  async remove(caller: CompanyCaller, id: number, options = { confirm: false }): Promise<void> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const record = await this.orFail(em, id);
      await this.def.beforeRemove?.(em, record, options);
      this.announce(em, record, true);
      await this.logChange(em, caller, record, this.def.toDto(record), true);
      em.remove(record);
    });
  }

  protected async orFail(em: EntityManager, id: number): Promise<E> {
    const record = await this.records.record(em, id);
    if (!record) throw new AppError(ProtocolCode.NotFound, `${this.def.kind} not found`);
    return record;
  }

  private keyField(input: Input, current?: E): string {
    return this.def.key?.(input, current)?.field ?? 'name';
  }

  private async assertKeyFree(em: EntityManager, input: Input, current: E | undefined): Promise<void> {
    const key = this.def.key?.(input, current);
    if (!key) return;
    if (await this.records.keyTaken(em, key.where, current?.id)) throw duplicate(key.field);
  }

  /** The change log rows of a change (create: before null; delete: after null), for kinds with a change target. */
  private async logChange(em: EntityManager, caller: CompanyCaller, record: E, before: Dto | null, deleted = false): Promise<void> {
    if (!this.def.changeTarget) return;
    await recordChanges(em, caller, this.def.changeTarget(record), before as object | null, deleted ? null : (this.def.toDto(record) as object));
  }

  private announce(em: EntityManager, record: E, deleted = false): void {
    const data = this.def.changed(record);
    if (deleted) data.deleted = true;
    // the definitions pair each event with its payload (changed); the table cannot see through the generic def
    addToOutbox(em, this.def.event, data as unknown as BusEvents[BusEvent]);
  }
}

function duplicate(field: string): AppError {
  return new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field });
}

async function duplicateAs1059<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicate(field);
    throw error;
  }
}

import { UniqueConstraintViolationException, type EntityClass, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { type BusEvent, type BusEvents, type CompanyCaller, type ImageOwnerField, type ImageRef, imageUrl, type ListQuery, type Page } from '@kanban/contracts';
import { addToOutbox } from '@kanban/messaging';
import { imagesOf, releaseImagesOf } from '../images/entity-images';
import type { UnitOfWork } from '@kanban/persistence';
import { type ChangeTarget, defaultChangeTarget, recordChanges } from '../changes/change-log';
import { type KnownRestrictions, restrictionCacheOf } from '../restrictions/restriction-cache';
import { mayAccess, type RestrictedKind, visibleCondition } from '../restrictions/restriction-scope';
import { pageOf } from './list-query';
import { MasterDataRepository } from './master-data.repository';

/** What every master-data record of the catalog has: company, name, a number unique in the company when set. */
export interface MasterDataRecord {
  id: number;
  companyId: number;
  name: string;
  /** optional: records without a number (items) leave it out */
  nr?: string | null;
  updatedAt: Date;
}

/**
 * Optional further narrowing of a call (items at supplier level, catalogs under a supplier): `where` is
 * added to every lookup and written onto created records; `sql` adds list conditions.
 */
export interface MasterDataScope<E> {
  where?: FilterQuery<E>;
  sql?: [string, unknown[]][];
}

/**
 * Records that live under a parent (a location under its customer): lists, reads and changes take the
 * parent's id, a record under another parent is unknown (404), and numbers are unique per parent.
 */
export interface ParentScope<E> {
  /** the entity property holding the parent's id (e.g. `customerId`) */
  property: keyof E & string;
  /**
   * Throws unless the caller may reach the parent for the purpose: 404 when it is unknown or hidden by
   * access restrictions; `create` and `activate` may also need an active parent (1039).
   */
  check(em: EntityManager, caller: CompanyCaller, parentId: number, purpose: 'read' | 'write' | 'create' | 'activate'): Promise<void>;
}

/** A reason a record may not be deleted yet: how many dependents of a kind it has (any above 0 answers 1007). */
export interface DependentsCheck<E> {
  /** what depends on it, named in the 1007 message (e.g. `locations`) */
  what: string;
  count(em: EntityManager, record: E): Promise<number>;
}

/** The parts in which customers, suppliers (and later locations, items) differ. */
export interface MasterDataDefinition<
  E extends MasterDataRecord,
  Dto,
  Input extends { name?: string; nr?: string | null },
> {
  entity: EntityClass<E>;
  /** names the restrictions that narrow it, the query alias and the not-found message */
  kind: RestrictedKind;
  /** the condition that keeps only active records (lists without all=1) */
  activeOnly: FilterQuery<E>;
  isActive(record: E): boolean;
  markActive(record: E, active: boolean): void;
  sortProperty(sort: string | undefined): string;
  normalize(input: Input, mode: 'create' | 'update'): Input;
  apply(record: E, input: Input): void;
  toDto(record: E): Dto;
  /** the outbox event announcing a change, and its payload */
  event: BusEvent;
  changed(record: E): Record<string, unknown>;
  /** set for records under a parent: every call then takes the parent's id */
  parent?: ParentScope<E>;
  /** checked by remove: 1007 while any of them counts dependents */
  dependents?: DependentsCheck<E>[];
  /** Optional: what remove does besides deleting the record, in its transaction (e.g. drop copies naming its children). */
  removing?(em: EntityManager, record: E): Promise<void>;
  /** Optional: what the change log files a change under (default: defaultChangeTarget of alias, else kind). */
  changeTarget?(record: E): ChangeTarget;
  /** Optional: the query alias and the not-found name (default: kind). */
  alias?: string;
  /** Optional: the restriction condition of lists and the check of single records (default: by kind on the id). */
  visible?(alias: string, caller: CompanyCaller, known?: KnownRestrictions): [string, unknown[]];
  mayAccess?(em: EntityManager, caller: CompanyCaller, record: E): Promise<boolean>;
  /** Optional: checks of the whole record after the input is applied, in the transaction (1000, 1059), with the caller (restrictions). */
  validate?(em: EntityManager, record: E, caller: CompanyCaller): Promise<void>;
  /**
   * The image owner field of this kind (e.g. customer_id): its DTOs get `images`, and deleting a record
   * that has images answers 1002 unless confirmed (then the images go too).
   */
  imageOwner?: ImageOwnerField;
}

/**
 * Lists (filter on name, number and city; sort; pages; active only unless all=1; narrowed by access
 * restrictions), reads, creates, updates, (de)activates and deletes one kind of master data, each change
 * announced through the outbox in its transaction. Unknown ids, other companies' records and records the
 * caller's restrictions exclude all answer 404; a number already used in the company answers 1059.
 */
export class MasterDataService<
  E extends MasterDataRecord,
  Dto,
  Input extends { name?: string; nr?: string | null },
> {
  private readonly records: MasterDataRepository<E>;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly def: MasterDataDefinition<E, Dto, Input>,
  ) {
    this.records = new MasterDataRepository<E>(def.entity, def.alias ?? def.kind);
  }

  async list(caller: CompanyCaller, query: ListQuery & { all?: boolean }, parentId?: number, scope: MasterDataScope<E> = {}): Promise<Page<Dto>> {
    const { page, perPage } = pageOf(query);
    const { def } = this;
    const alias = def.alias ?? def.kind;
    return this.uow.forCompany(caller.companyId).read(async (em) => {
      await this.checkParent(em, caller, parentId, 'read');
      const known = await restrictionCacheOf(this.uow).of(em, caller);
      // Access restrictions narrow the list (set-wise, from the catalog's copy of identity's restrictions).
      // Callers known to have no restriction of the kind get no condition at all (RestrictionCache).
      const visible = def.visible ? def.visible(alias, caller, known) : visibleCondition(def.kind, alias, caller, known);
      const { rows, total } = await this.records.list(em, {
        companyId: caller.companyId,
        parent: def.parent ? { property: def.parent.property, id: parentId } : undefined,
        where: scope.where,
        sql: scope.sql,
        activeOnly: query.all ? undefined : def.activeOnly,
        q: query.q,
        visible,
        sortProperty: def.sortProperty(query.sort),
        direction: query.order === 'desc' ? 'desc' : 'asc',
        page,
        perPage,
        imageOwner: def.imageOwner,
      });
      const items: Dto[] = [];
      for (const { record, images } of rows) {
        const dto = def.toDto(record);
        if (def.imageOwner) {
          (dto as { images?: ImageRef[] }).images = images.map((image) => ({
            id: image.id,
            url: imageUrl(image.blob_key),
            selected: image.selected,
            selected_label: image.selected_label,
          }));
        }
        items.push(dto);
      }
      return { items, total, page, per_page: perPage };
    });
  }

  async get(caller: CompanyCaller, id: number, parentId?: number, scope: MasterDataScope<E> = {}): Promise<Dto> {
    return this.uow
      .forCompany(caller.companyId)
      .read(async (em) => this.toDtoWithImages(em, await this.orFail(em, caller, id, parentId, scope)));
  }

  async create(caller: CompanyCaller, raw: Input, parentId?: number, scope: MasterDataScope<E> = {}): Promise<Dto> {
    const input = this.def.normalize(raw, 'create');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        await this.checkParent(em, caller, parentId, 'create');
        await this.assertNrFree(em, input.nr, null, parentId);
        const record = em.create(this.def.entity, {
          ...(scope.where as object),
          companyId: caller.companyId,
          name: input.name!,
          ...(this.def.parent ? { [this.def.parent.property]: parentId } : {}),
        } as never);
        this.def.apply(record, input);
        await this.def.validate?.(em, record, caller);
        await em.flush();
        this.announce(em, record);
        await this.logChange(em, caller, record, null, this.def.toDto(record));
        return this.toDtoWithImages(em, record);
      }),
    );
  }

  async update(caller: CompanyCaller, id: number, raw: Input, parentId?: number, scope: MasterDataScope<E> = {}): Promise<Dto> {
    const input = this.def.normalize(raw, 'update');
    return duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const record = await this.orFail(em, caller, id, parentId, scope);
        await this.assertNrFree(em, input.nr, record.id, parentId);
        const before = this.def.toDto(record);
        this.def.apply(record, input);
        await this.def.validate?.(em, record, caller);
        record.updatedAt = new Date();
        await em.flush();
        this.announce(em, record);
        await this.logChange(em, caller, record, before, this.def.toDto(record));
        return this.toDtoWithImages(em, record);
      }),
    );
  }

  /** Safe to repeat: setting the state it already has changes nothing and announces nothing. */
  async setActive(caller: CompanyCaller, id: number, active: boolean, parentId?: number, scope: MasterDataScope<E> = {}): Promise<Dto> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const record = await this.orFail(em, caller, id, parentId, scope);
      if (this.def.isActive(record) === active) return this.toDtoWithImages(em, record);
      if (active) await this.checkParent(em, caller, parentId, 'activate');
      const before = this.def.toDto(record);
      this.def.markActive(record, active);
      record.updatedAt = new Date();
      await em.flush();
      this.announce(em, record);
      await this.logChange(em, caller, record, before, this.def.toDto(record));
      return this.toDtoWithImages(em, record);
    });
  }

  /**
   * Deletes a record: 1007 while dependents exist; one with images answers 1002 unless `confirm` is set,
   * then its images go in the same transaction and their blob keys are answered (`released`) for the
   * gateway to remove from the blob store.
   */
  async remove(caller: CompanyCaller, id: number, parentId?: number, scope: MasterDataScope<E> & { confirm?: boolean } = {}): Promise<{ released: string[] }> {
    return this.uow.forCompany(caller.companyId).write(async (em) => {
      const record = await this.orFail(em, caller, id, parentId, scope);
      for (const check of this.def.dependents ?? []) {
        const count = await check.count(em, record);
        if (count > 0) {
          throw new AppError(ErrorCode.HasDependencies, `${this.def.kind} still has ${count} ${check.what}`);
        }
      }
      const released = this.def.imageOwner ? await releaseImagesOf(em, this.def.imageOwner, record.id, !!scope.confirm) : [];
      await this.def.removing?.(em, record);
      this.announce(em, record, true);
      await this.logChange(em, caller, record, this.def.toDto(record), null);
      em.remove(record);
      return { released };
    });
  }

  private async toDtoWithImages(em: EntityManager, record: E): Promise<Dto> {
    return (await this.toDtos(em, [record]))[0]!;
  }

  /** DTOs of records, with their images (one query for all) when the kind has images. */
  private async toDtos(em: EntityManager, records: E[]): Promise<Dto[]> {
    const dtos = records.map((r) => this.def.toDto(r));
    if (!this.def.imageOwner) return dtos;
    const images = await imagesOf(em, this.def.imageOwner, records.map((r) => r.id));
    dtos.forEach((dto, i) => ((dto as { images?: ImageRef[] }).images = images.get(records[i]!.id) ?? []));
    return dtos;
  }

  private async orFail(em: EntityManager, caller: CompanyCaller, id: number, parentId?: number, scope: MasterDataScope<E> = {}): Promise<E> {
    await this.checkParent(em, caller, parentId, 'write');
    const record = await this.records.record(em, id, scope.where);
    const parent = this.def.parent;
    const allowed = (r: E) => (this.def.mayAccess ? this.def.mayAccess(em, caller, r) : mayAccess(em, this.def.kind, caller, r.id));
    if (
      !record ||
      (parent && (record[parent.property] as unknown) !== parentId) ||
      !(await allowed(record))
    )
      throw new AppError(ProtocolCode.NotFound, `${this.def.alias ?? this.def.kind} not found`);
    return record;
  }

  /** For records under a parent: the parent must be given and reachable (see ParentScope.check). */
  private async checkParent(
    em: EntityManager,
    caller: CompanyCaller,
    parentId: number | undefined,
    purpose: 'read' | 'write' | 'create' | 'activate',
  ): Promise<void> {
    if (!this.def.parent) return;
    if (parentId === undefined) throw new Error(`${this.def.kind} needs its parent's id`);
    await this.def.parent.check(em, caller, parentId, purpose);
  }

  /** 1059 when another record of the company (or of the parent) has this number (the unique index catches races). */
  private async assertNrFree(
    em: EntityManager,
    nr: string | null | undefined,
    ownId: number | null,
    parentId?: number,
  ): Promise<void> {
    if (!nr) return;
    if (await this.records.nrTaken(em, nr, ownId, this.def.parent ? { property: this.def.parent.property, id: parentId } : undefined)) throw duplicate();
  }

  /** The change log rows of this change (C, D or one E per changed DTO field), in the same transaction. */
  private async logChange(em: EntityManager, caller: CompanyCaller, record: E, before: Dto | null, after: Dto | null): Promise<void> {
    const target = this.def.changeTarget ? this.def.changeTarget(record) : defaultChangeTarget(this.def.alias ?? this.def.kind, record);
    await recordChanges(em, caller, target, before as object | null, after as object | null);
  }

  private announce(em: EntityManager, record: E, deleted = false): void {
    const data = this.def.changed(record);
    if (deleted) data.deleted = true;
    // the definitions pair each event with its payload (changed); the table cannot see through the generic def
    addToOutbox(em, this.def.event, data as unknown as BusEvents[BusEvent]);
  }
}

function duplicate(): AppError {
  return new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field: 'nr' });
}

async function duplicateAs1059<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicate();
    throw error;
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import {
  type CompanyCaller,
  type DecisionHistoryDto,
  type KanbanRuleDto,
  type KanbanRuleInput,
  type Page,
  type PageQuery,
  ReplenishmentSubjects,
  type RuleListQuery,
  type RuleRunReply,
  type ScanInput,
  type StockEventDto,
  type StockEventKind,
} from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { applySnapshot } from '../copies/copies';
import { type Clock, ORDERS_CLOCK } from '../requisition/company-time';
import { RequisitionService } from '../requisition/requisition.service';
import { assertMayReportStock, pageOf } from '../shared/access';
import { KanbanRule } from './rule.entity';
import { checkLevels, defaultScanCode, normalizeRuleInput, scannedStock } from './rule.rules';
import { RulesRepository } from './rules.repository';
import { hideDecision, hideRuleStock, hideStockEvent, stockHiddenCustomers } from './stock-visibility';

function notFound(): AppError {
  return new AppError(ProtocolCode.NotFound, 'kanban rule not found');
}

/**
 * Kanban rules (docs/replenishment.md): an item at a location, unique per pair, with threshold, capacity and
 * stock. Creating one reads the item and location from the catalog (a snapshot for the read model) and
 * checks them: both known and visible to the caller (1000 naming the field), of the same customer (1000),
 * customer and location active (1039), the pair not taken (1059). Stock changes are recorded as stock events
 * and start a stock run of the company.
 */
@Injectable()
export class RulesService {
  private readonly log = new Logger('RulesService');

  constructor(
    @Inject(unitOfWorkToken('orders')) private readonly uow: UnitOfWork,
    private readonly bus: ServiceBus,
    private readonly requisition: RequisitionService,
    @Inject(ORDERS_CLOCK) private readonly clock: Clock,
    private readonly rules: RulesRepository,
  ) {}

  async list(caller: CompanyCaller, query: RuleListQuery): Promise<Page<KanbanRuleDto>> {
    const { page, perPage } = pageOf(query);
    const { rows, total } = await this.uow.forCompany(caller.companyId).read(async (em) => {
      const found = await this.rules.list(em, caller, query, page, perPage);
      const hidden = await stockHiddenCustomers(em, caller, found.rows.map((r) => r.customer_id));
      return { ...found, rows: found.rows.map((r) => (hidden.has(r.customer_id) ? hideRuleStock(r) : r)) };
    });
    return { items: rows, total, page, per_page: perPage };
  }

  async get(caller: CompanyCaller, id: number): Promise<KanbanRuleDto> {
    const rule = await this.uow.forCompany(caller.companyId).read(async (em) => {
      const found = await this.rules.get(em, caller, id);
      if (!found) return null;
      return (await stockHiddenCustomers(em, caller, [found.customer_id])).has(found.customer_id) ? hideRuleStock(found) : found;
    });
    if (!rule) throw notFound();
    return rule;
  }

  async create(caller: CompanyCaller, raw: KanbanRuleInput): Promise<KanbanRuleDto> {
    const input = normalizeRuleInput(raw, 'create');
    const threshold = input.threshold ?? 0;
    checkLevels(threshold, input.capacity!);
    // The catalog's current state of item and location (outside the transaction: no bus call inside one).
    const snapshot = await this.bus.request(ReplenishmentSubjects.snapshot, {
      company_id: caller.companyId,
      item_ids: [input.item_id!],
      location_ids: [input.location_id!],
    });
    const id = await duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        await applySnapshot(em, snapshot);
        const item = snapshot.items.find((i) => i.id === input.item_id && i.company_id === caller.companyId);
        const location = snapshot.locations.find((l) => l.id === input.location_id && l.company_id === caller.companyId);
        if (!location || !(await this.rules.mayReach(em, caller, location.customer_id, location.id, null))) {
          throw AppError.validation('location_id', 'unknown location');
        }
        if (!item || !(await this.rules.mayReach(em, caller, item.customer_id, location.id, item.supplier_id))) {
          throw AppError.validation('item_id', 'unknown item');
        }
        if (item.customer_id !== location.customer_id) throw AppError.validation('item_id', "the item is not one of the location's customer's items");
        const customer = snapshot.customers.find((c) => c.id === location.customer_id);
        if (location.inactive || customer?.inactive) throw new AppError(ErrorCode.CustomerOrLocationInactive, 'the customer or the location is inactive');
        if (await this.rules.ruleAt(em, location.id, item.id)) throw duplicate('item_id');
        if (input.scan_code) await this.assertScanCodeFree(em, input.scan_code, null);
        const now = this.clock.now();
        const rule = em.create(KanbanRule, {
          companyId: caller.companyId,
          customerId: location.customer_id,
          locationId: location.id,
          itemId: item.id,
          threshold,
          capacity: input.capacity!,
          stock: input.stock ?? 0,
          stockUpdatedAt: input.stock !== undefined ? now : null,
          scanCode: input.scan_code ?? `new-${now.getTime()}-${Math.random().toString(36).slice(2)}`,
          active: input.active ?? true,
          createdAt: now,
          updatedAt: now,
        } as KanbanRule);
        await em.flush();
        // A new rule is due: the next stock run of the company (or the scheduler's retry) evaluates it.
        await this.rules.markPending(em, caller.companyId, [rule.id], now);
        if (!input.scan_code) {
          rule.scanCode = defaultScanCode(rule.id);
          await this.assertScanCodeFree(em, rule.scanCode, rule.id);
          await em.flush();
        }
        return rule.id;
      }),
    );
    return this.get(caller, id);
  }

  async update(caller: CompanyCaller, id: number, raw: KanbanRuleInput): Promise<KanbanRuleDto> {
    const input = normalizeRuleInput(raw, 'update');
    const stockChanged = await duplicateAs1059(() =>
      this.uow.forCompany(caller.companyId).write(async (em) => {
        const rule = await this.changeable(em, caller, id);
        if (input.threshold !== undefined) rule.threshold = input.threshold;
        if (input.capacity !== undefined) rule.capacity = input.capacity;
        checkLevels(rule.threshold, rule.capacity);
        if (input.scan_code !== undefined && input.scan_code !== rule.scanCode) {
          await this.assertScanCodeFree(em, input.scan_code, rule.id);
          rule.scanCode = input.scan_code;
        }
        if (input.active !== undefined && input.active !== rule.active) await this.setActive(em, rule, input.active);
        const now = this.clock.now();
        rule.updatedAt = now;
        const changed = input.stock !== undefined && input.stock !== rule.stock;
        if (changed) await this.rules.recordStock(em, rule, input.stock!, 'rule_update', caller.userId, now);
        await em.flush();
        return changed;
      }),
    );
    if (stockChanged) await this.stockRun(caller);
    return this.get(caller, id);
  }

  /** Safe to repeat: setting the state it has changes nothing. Activating needs an active customer and location (1039). */
  async toggleActive(caller: CompanyCaller, id: number, active: boolean): Promise<KanbanRuleDto> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const rule = await this.changeable(em, caller, id);
      if (rule.active === active) return;
      await this.setActive(em, rule, active);
      rule.updatedAt = this.clock.now();
      await em.flush();
    });
    return this.get(caller, id);
  }

  /**
   * Deletes a rule: 1007 while order lines of it are not delivered; 1002 when it has a stock history, unless
   * confirmed (then the history and the decisions go with it).
   */
  async remove(caller: CompanyCaller, id: number, confirm: boolean): Promise<null> {
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const rule = await this.changeable(em, caller, id);
      const open = await this.rules.openLines(em, caller.companyId, rule.id);
      if (open > 0) throw new AppError(ErrorCode.HasDependencies, `the rule still has ${open} order line(s) not delivered`);
      const history = await this.rules.stockEvents(em, caller.companyId, rule.id);
      if (history > 0 && !confirm) throw new AppError(ErrorCode.EntityHasData, `the rule has ${history} stock change(s); delete with confirm=1`);
      await this.rules.deleteRule(em, caller.companyId, rule.id);
    });
    return null;
  }

  /** Manual stock entry (item units): recorded, then the company's stock run; answers the rule and the run's decision. */
  async setStock(caller: CompanyCaller, id: number, stock: number, kind: StockEventKind = 'manual'): Promise<RuleRunReply> {
    assertMayReportStock(caller);
    const input = normalizeRuleInput({ stock }, 'update');
    if (input.stock === undefined) throw AppError.validation('stock', 'is required');
    await this.uow.forCompany(caller.companyId).write(async (em) => {
      const rule = await this.changeable(em, caller, id);
      await this.rules.recordStock(em, rule, input.stock!, kind, caller.userId, this.clock.now());
      await em.flush();
    });
    await this.stockRun(caller);
    return this.reply(caller, id);
  }

  /** A scanned bin label: the rule by its scan code (404 if none the caller may see), empty = 0 or a count. */
  async scan(caller: CompanyCaller, input: ScanInput): Promise<RuleRunReply> {
    assertMayReportStock(caller);
    const scanned = scannedStock(input);
    const id = await this.uow.forCompany(caller.companyId).read((em) => this.rules.idByScanCode(em, caller, scanned.code));
    if (id === null) throw new AppError(ProtocolCode.NotFound, 'no kanban rule with this code');
    return this.setStock(caller, id, scanned.stock, scanned.kind);
  }

  /** `rules/{id}/execute`: a run of this rule now (safe to repeat: a pending order line is not ordered twice). */
  async execute(caller: CompanyCaller, id: number): Promise<RuleRunReply> {
    const rule = await this.get(caller, id);
    if (!rule.active) throw AppError.validation('active', 'the rule is inactive');
    await this.requisition.run(caller.companyId, 'execute', { ruleId: id, userId: caller.userId });
    return this.reply(caller, id);
  }

  async stockHistory(caller: CompanyCaller, id: number, query: PageQuery): Promise<Page<StockEventDto>> {
    const rule = await this.get(caller, id);
    const { page, perPage } = pageOf(query);
    const { rows, total } = await this.uow.forCompany(caller.companyId).read((em) => this.rules.stockHistory(em, caller.companyId, id, page, perPage));
    return { items: rule.stock_hidden ? rows.map(hideStockEvent) : rows, total, page, per_page: perPage };
  }

  /** The rule's decision history, newest first: every decision of a run that differed from the one before. */
  async decisionHistory(caller: CompanyCaller, id: number, query: PageQuery): Promise<Page<DecisionHistoryDto>> {
    const rule = await this.get(caller, id);
    const { page, perPage } = pageOf(query);
    const { rows, total } = await this.uow.forCompany(caller.companyId).read((em) => this.rules.decisionHistory(em, caller.companyId, id, page, perPage));
    return { items: rule.stock_hidden ? rows.map(hideDecision) : rows, total, page, per_page: perPage };
  }

  private async reply(caller: CompanyCaller, id: number): Promise<RuleRunReply> {
    const rule = await this.get(caller, id);
    return { rule, decision: rule.active ? rule.last_decision : null };
  }

  /**
   * The run a stock change starts. If it fails (the stock change is committed), the change stays pending and
   * the scheduler's retry evaluates it; the caller gets the rule as it is.
   */
  private async stockRun(caller: CompanyCaller): Promise<void> {
    try {
      await this.requisition.run(caller.companyId, 'stock', { userId: caller.userId });
    } catch (error) {
      this.log.warn(`stock run of company ${caller.companyId} failed, retried later: ${(error as Error).message}`);
    }
  }

  /** The rule for a change: visible to the caller (404 otherwise), loaded as an entity in the transaction. */
  private async changeable(em: EntityManager, caller: CompanyCaller, id: number): Promise<KanbanRule> {
    const visible = await this.rules.get(em, caller, id);
    const rule = visible ? await this.rules.entity(em, id) : null;
    if (!rule) throw notFound();
    return rule;
  }

  private async setActive(em: EntityManager, rule: KanbanRule, active: boolean): Promise<void> {
    if (active && !(await this.rules.placeActive(em, rule.companyId, rule.locationId, rule.customerId))) {
      throw new AppError(ErrorCode.CustomerOrLocationInactive, 'the customer or the location is inactive');
    }
    rule.active = active;
    // A rule activated again is due like a new one.
    if (active) await this.rules.markPending(em, rule.companyId, [rule.id], this.clock.now());
    // an inactive rule is not evaluated: nothing of it waits for a run
    else await this.rules.clearPending(em, rule.companyId, rule.id);
  }

  private async assertScanCodeFree(em: EntityManager, code: string, ownId: number | null): Promise<void> {
    if (await this.rules.scanCodeTaken(em, code, ownId)) throw duplicate('scan_code');
  }
}

function duplicate(field: string): AppError {
  return new AppError(ErrorCode.Duplicate, 'duplicate data, check key fields', { field });
}

/** A unique index that catches what the friendly checks missed (two writers at once) answers 1059 too. */
async function duplicateAs1059<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw duplicate(/scan_code/.test(error.message) ? 'scan_code' : 'item_id');
    }
    throw error;
  }
}

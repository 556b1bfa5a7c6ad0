import { Inject, Injectable, Logger } from '@nestjs/common';
import { IdentitySubjects } from '@kanban/contracts';
import { ServiceBus } from '@kanban/messaging';
import { isTimeZone, ORDERS_CONFIG, type OrdersConfig } from '../config';

/** The clock of runs and of the scheduler; tests inject their own. */
export interface Clock {
  now(): Date;
}
export const ORDERS_CLOCK = Symbol('ORDERS_CLOCK');
export const systemClock: Clock = { now: () => new Date() };

/** Where company time zones come from (identity owns the company; a test gives fixed ones). */
export interface TimeZoneSource {
  /** company id -> IANA time zone, of every company */
  load(): Promise<Map<number, string>>;
}
export const TIME_ZONE_SOURCE = Symbol('TIME_ZONE_SOURCE');

/** Asks identity over the bus for every company's time zone (the platform list; a system call). */
@Injectable()
export class IdentityTimeZones implements TimeZoneSource {
  constructor(private readonly bus: ServiceBus) {}

  async load(): Promise<Map<number, string>> {
    const companies = await this.bus.request(IdentitySubjects.platformListCompanies, {});
    return new Map(companies.map((c) => [c.id, c.timezone]));
  }
}

/**
 * Company time zones (spec clarifications: a company field, default Europe/Berlin), cached for five minutes
 * and asked outside any transaction (house rule: no bus call inside a transaction).
 */
@Injectable()
export class CompanyTimeZones {
  private readonly log = new Logger('CompanyTimeZones');
  private zones = new Map<number, string>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | null = null;
  private static readonly TTL_MS = 5 * 60_000;
  private static readonly RETRY_MS = 15_000;

  constructor(
    @Inject(TIME_ZONE_SOURCE) private readonly source: TimeZoneSource,
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
  ) {}

  /** The company's zone, or null when identity has not told it (yet). */
  async known(companyId: number): Promise<string | null> {
    await this.refresh(!this.zones.has(companyId));
    return this.zones.get(companyId) ?? null;
  }

  /** The company's zone, else the configured default. */
  async zoneOf(companyId: number): Promise<string> {
    return (await this.known(companyId)) ?? this.config.defaultTimeZone;
  }

  private async refresh(missing: boolean): Promise<void> {
    const age = Date.now() - this.loadedAt;
    if (age < (missing ? CompanyTimeZones.RETRY_MS : CompanyTimeZones.TTL_MS)) return;
    this.loading ??= this.source
      .load()
      .then((zones) => {
        this.zones = new Map([...zones].filter(([, zone]) => isTimeZone(zone)));
      })
      .catch((error: unknown) => this.log.warn(`company time zones unavailable: ${(error as Error).message}`))
      .finally(() => {
        this.loadedAt = Date.now();
        this.loading = null;
      });
    await this.loading;
  }
}

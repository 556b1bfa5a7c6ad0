import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BinMeasure, SensorType, SensorUnit, StorageLayout } from '@kanban/contracts';
import { type Database, tenantEm } from '@kanban/persistence';
import { catalogData } from '../catalog.data';
import { Customer } from '../customers/customer.entity';
import { Location } from '../locations/location.entity';
import { Sensor } from '../sensors/sensor.entity';
import { Storage } from './storage.entity';
import { StorageBin } from './storage-bin.entity';

/** A kanban rule of the demo history (orders seed) as the racks need it: where it is, how full. */
export interface DemoRackRule {
  id: number;
  location_id: number;
  stock: number;
  capacity: number;
  /** how much its stock moved lately: the sensors' bins get the liveliest rules (their fill-level curves show most) */
  activity?: number;
}

/** A bin with a sensor the demo racks got: what the readings' history is made from (apps/server/src/demo-sensors.ts). */
export interface DemoSensorBin {
  sensor_id: number;
  external_id: string;
  type: SensorType;
  unit: SensorUnit;
  interval_minutes: number;
  active: boolean;
  last_seen_at: Date | null;
  last_value: number | null;
  battery: number | null;
  signal: number | null;
  kanban_rule_id: number | null;
  measured: BinMeasure;
  tare: number | null;
  piece_weight: number | null;
  empty_distance: number | null;
  full_distance: number | null;
  pieces_per_bin: number | null;
}

interface DemoRack {
  customerNr: string;
  locationNr: string;
  name: string;
  description: string;
  prefix: string;
  rows: number;
  columns: number;
  layout: StorageLayout;
  /** the bins with a sensor, by (row, column); the other bins get the location's next rules without a sensor */
  sensors: { row: number; column: number; externalId: string; measured: BinMeasure; calibration: (rule: DemoRackRule | null, sensor: Sensor) => Partial<StorageBin> }[];
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * A scale's calibration that reads the sensor's last reported value as the rule's stock (tare plus pieces × piece
 * weight): the demo's plan, sensor list and stock agree. Without a rule (no demo history): a plain piece weight.
 */
function scale(tareGrams: number, fallbackPieceWeight: number) {
  return (rule: DemoRackRule | null, sensor: Sensor): Partial<StorageBin> => {
    const grams = sensor.lastValue === null ? null : sensor.unit === 'kg' ? sensor.lastValue * 1000 : sensor.lastValue;
    const pieceWeight = rule && grams !== null && rule.stock > 0 && grams > tareGrams ? round((grams - tareGrams) / rule.stock, 3) : fallbackPieceWeight;
    return { tare: tareGrams, pieceWeight, plausibilityMin: -500, plausibilityMax: tareGrams + pieceWeight * (rule?.capacity ?? 200) * 1.5, deadTimeSeconds: 10 };
  };
}

/** A distance sensor over the bin: the empty bin reads `empty` mm, the full one the distance that puts the last reading at the rule's fill level. */
function distance(empty: number) {
  return (rule: DemoRackRule | null, sensor: Sensor): Partial<StorageBin> => {
    const fill = rule && rule.capacity > 0 ? Math.min(0.85, Math.max(0.1, rule.stock / rule.capacity)) : 0.5;
    const last = sensor.lastValue ?? empty * 0.6;
    const full = last < empty ? Math.max(20, round(empty - (empty - last) / fill, 0)) : 60;
    return { emptyDistance: empty, fullDistance: full };
  };
}

const counted = (piecesPerBin: number) => (): Partial<StorageBin> => ({ piecesPerBin });

/** Two racks (README "Demo data"): screws at Montagehalle 1 of Maschinenbau Huber, consumables at Werk Linz Halle A. */
const DEMO_RACKS: DemoRack[] = [
  {
    customerNr: 'K-10001',
    locationNr: 'H1',
    name: 'Regal A – Normteile',
    description: 'Schrauben und Muttern an Linie A, mit Waagen',
    prefix: 'A',
    rows: 2,
    columns: 4,
    layout: 'right',
    sensors: [
      { row: 1, column: 1, externalId: 'demo-scale-a1-1', measured: 'weight_g', calibration: scale(350, 12.5) },
      { row: 1, column: 2, externalId: 'demo-scale-a1-2', measured: 'weight_g', calibration: scale(800, 85) },
      { row: 2, column: 4, externalId: 'demo-button-d1', measured: 'count', calibration: counted(50) },
    ],
  },
  {
    customerNr: 'K-10002',
    locationNr: 'LA',
    name: 'Regal B – Verbrauchsmaterial',
    description: 'Handschuhe, Kabelbinder, Klebeband',
    prefix: 'B',
    rows: 3,
    columns: 2,
    layout: 'down',
    sensors: [
      { row: 1, column: 1, externalId: 'demo-distance-b1', measured: 'distance_mm', calibration: distance(420) },
      { row: 1, column: 2, externalId: 'demo-beam-c1', measured: 'count', calibration: counted(20) },
    ],
  },
];

/**
 * The demo company's racks with their bins (docs/storages.md): each bin holds one of the location's kanban rules of the
 * demo history (`rules`, empty without it: then only the sensors' bins), the demo sensors sit in some with their
 * calibration. Does nothing when the company has racks. Answers the bins with a sensor, for their readings' history.
 */
export async function seedStoragesDemo(database: Database, input: { companyId: number; rules: DemoRackRule[]; now?: Date }): Promise<DemoSensorBin[]> {
  const orm = await MikroORM.init(database.ormOptions(catalogData));
  try {
    return await orm.em.fork().transactional(async (tx) => {
      const em = tenantEm(tx as EntityManager, input.companyId);
      if ((await em.count(Storage, {})) > 0) return [];
      const now = input.now ?? new Date();
      const answer: DemoSensorBin[] = [];
      for (const rack of DEMO_RACKS) {
        const customer = await em.findOne(Customer, { nr: rack.customerNr });
        const location = customer && (await em.findOne(Location, { customerId: customer.id, nr: rack.locationNr }));
        if (!customer || !location) continue;
        const rackData: Partial<Storage> = {
          companyId: input.companyId,
          customerId: customer.id,
          locationId: location.id,
          name: rack.name,
          description: rack.description,
          prefix: rack.prefix,
          rows: rack.rows,
          columns: rack.columns,
          layout: rack.layout,
          schedule: { business_days: ['08:00', '14:00'] },
          createdAt: now,
          updatedAt: now,
        };
        const storage = em.create(Storage, rackData as Storage);
        // One row per flush: the embedded driver answers a multi-row insert's ids unreliably.
        await em.flush();
        // the liveliest rules with stock to the sensors' bins, the others by id to the other bins
        const rules = input.rules.filter((r) => r.location_id === location.id).sort((a, b) => a.id - b.id);
        const lively = [...rules].filter((r) => r.stock > 0).sort((a, b) => (b.activity ?? 0) - (a.activity ?? 0) || a.id - b.id);
        const taken = new Set<number>();
        const take = (rule: DemoRackRule | undefined) => (rule ? (taken.add(rule.id), rule) : null);
        const sensorRules = new Map(rack.sensors.map((s) => [`${s.row}/${s.column}`, take(lively.find((r) => !taken.has(r.id)))]));
        for (let row = 1; row <= rack.rows; row++) {
          for (let column = 1; column <= rack.columns; column++) {
            const placed = rack.sensors.find((s) => s.row === row && s.column === column);
            const rule = placed ? (sensorRules.get(`${row}/${column}`) ?? null) : take(rules.find((r) => !taken.has(r.id)));
            const sensor = placed ? await em.findOne(Sensor, { externalId: placed.externalId }) : null;
            if (!rule && !sensor) continue;
            const calibration = placed && sensor ? placed.calibration(rule, sensor) : {};
            const binData: Partial<StorageBin> = {
              companyId: input.companyId,
              storageId: storage.id,
              row,
              column,
              kanbanRuleId: rule?.id ?? null,
              sensorId: sensor?.id ?? null,
              measured: sensor ? placed!.measured : null,
              wanted: sensor ? 'pieces' : null,
              ...calibration,
              updatedAt: now,
            };
            em.create(StorageBin, binData as StorageBin);
            await em.flush();
            if (sensor) {
              answer.push({
                sensor_id: sensor.id,
                external_id: sensor.externalId,
                type: sensor.type,
                unit: sensor.unit,
                interval_minutes: sensor.intervalMinutes,
                active: sensor.active,
                last_seen_at: sensor.lastSeenAt,
                last_value: sensor.lastValue,
                battery: sensor.battery,
                signal: sensor.signal,
                kanban_rule_id: rule?.id ?? null,
                measured: placed!.measured,
                tare: calibration.tare ?? null,
                piece_weight: calibration.pieceWeight ?? null,
                empty_distance: calibration.emptyDistance ?? null,
                full_distance: calibration.fullDistance ?? null,
                pieces_per_bin: calibration.piecesPerBin ?? null,
              });
            }
          }
        }
      }
      return answer;
    });
  } finally {
    await orm.close();
  }
}

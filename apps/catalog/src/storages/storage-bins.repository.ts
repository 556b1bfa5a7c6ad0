import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Customer } from '../customers/customer.entity';
import { Item } from '../items/item.entity';
import { Sensor } from '../sensors/sensor.entity';
import { StorageBin } from './storage-bin.entity';
import { Storage } from './storage.entity';

/** The bins' queries (em is bound to the company). */
@Injectable()
export class StorageBinsRepository {
  storage(em: EntityManager, id: number): Promise<Storage | null> {
    return em.findOne(Storage, { id });
  }

  /** The stored bins of a rack (the cells that hold something). */
  binsOf(em: EntityManager, storageId: number): Promise<StorageBin[]> {
    return em.find(StorageBin, { storageId }, { orderBy: { row: 'asc', column: 'asc' } });
  }

  bin(em: EntityManager, storageId: number, row: number, column: number): Promise<StorageBin | null> {
    return em.findOne(StorageBin, { storageId, row, column });
  }

  /** The bin of the company that holds a rule, with its rack's name and label parts. */
  async binOfRule(em: EntityManager, kanbanRuleId: number): Promise<{ bin: StorageBin; storage: Storage } | null> {
    const bin = await em.findOne(StorageBin, { kanbanRuleId });
    if (!bin) return null;
    const storage = await em.findOneOrFail(Storage, { id: bin.storageId });
    return { bin, storage };
  }

  /** The bin of the company that holds a sensor, with its rack. */
  async binOfSensor(em: EntityManager, sensorId: number): Promise<{ bin: StorageBin; storage: Storage } | null> {
    const bin = await em.findOne(StorageBin, { sensorId });
    if (!bin) return null;
    const storage = await em.findOneOrFail(Storage, { id: bin.storageId });
    return { bin, storage };
  }

  /** Of these item ids, the items of the customer. */
  async itemsOfCustomer(em: EntityManager, customerId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    return (await em.find(Item, { id: { $in: ids }, customerId }, { fields: ['id'] })).map((i) => i.id);
  }

  async showsStock(em: EntityManager, customerId: number): Promise<boolean> {
    const customer = await em.findOne(Customer, { id: customerId }, { fields: ['id', 'showStockInApp'] });
    return customer?.showStockInApp ?? false;
  }

  /** The company's sensors of these ids. */
  sensors(em: EntityManager, ids: number[]): Promise<Sensor[]> {
    return ids.length === 0 ? Promise.resolve([]) : em.find(Sensor, { id: { $in: ids } });
  }

  /** How many bins hold the sensor (a sensor in a bin cannot be deleted). */
  countWithSensor(em: EntityManager, sensorId: number): Promise<number> {
    return em.count(StorageBin, { sensorId });
  }

  async removeOf(em: EntityManager, storageId: number): Promise<void> {
    await em.nativeDelete(StorageBin, { storageId });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_KEY_GRACE_HOURS, type CompanyCaller, type DeviceKeyCreated, type DeviceKeyInfo } from '@kanban/contracts';
import { unitOfWorkToken, type UnitOfWork } from '@kanban/persistence';
import { DeviceKey } from './device-key.entity';
import { deviceKeyId, deviceKeyMatches, deviceKeyPrefix, newDeviceKey } from './sensor.rules';
import { SensorsRepository } from './sensors.repository';

/** last_used_at is written at most this often per key (a busy gateway verifies a key many times a second). */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The company's device key (docs/sensors.md "Device key"): devices and gateways authenticate readings with it
 * instead of a user token. Only its SHA-256 is kept; rotating creates a new key (shown once) and leaves the old
 * one valid for DEVICE_KEY_GRACE_HOURS, so devices can be switched over; `verify` answers the key's company.
 */
@Injectable()
export class DeviceKeysService {
  constructor(
    @Inject(unitOfWorkToken('catalog')) private readonly uow: UnitOfWork,
    private readonly sensors: SensorsRepository,
  ) {}

  async info(caller: CompanyCaller): Promise<DeviceKeyInfo> {
    return this.uow.forCompany(caller.companyId).read(async (em) => describe(await this.sensors.validKeys(em, caller.companyId, new Date())));
  }

  /** A new current key; the current one (if any) expires after the grace period, older ones at once. */
  async rotate(caller: CompanyCaller, now = new Date()): Promise<DeviceKeyCreated> {
    const created = newDeviceKey();
    const keys = await this.uow.forCompany(caller.companyId).write(async (em) => {
      await this.sensors.dropExpiredKeys(em, caller.companyId, now);
      const graceEnd = new Date(now.getTime() + DEVICE_KEY_GRACE_HOURS * 3_600_000);
      for (const key of await this.sensors.validKeys(em, caller.companyId, now)) {
        // the current key gets the grace period; a key already in its grace period ends now
        key.expiresAt = key.expiresAt === null ? graceEnd : now;
      }
      em.create(DeviceKey, { companyId: caller.companyId, keyId: created.keyId, secretHash: created.hash, createdAt: now, lastUsedAt: null, expiresAt: null });
      await em.flush();
      return this.sensors.validKeys(em, caller.companyId, new Date(now.getTime() + 1));
    });
    return { ...describe(keys), key: created.key };
  }

  /** The company of a valid key, or null (unknown, malformed, wrong secret, expired). */
  async verify(key: unknown, now = new Date()): Promise<{ company_id: number } | null> {
    const keyId = deviceKeyId(key);
    if (keyId === null) return null;
    const found = await this.uow.read((em) => this.sensors.keyById(em, keyId));
    if (!found || !deviceKeyMatches(key as string, found.secretHash)) return null;
    if (found.expiresAt !== null && found.expiresAt.getTime() <= now.getTime()) return null;
    if (found.lastUsedAt === null || now.getTime() - found.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      await this.uow.write((em) => this.sensors.keyUsed(em, found.id, now));
    }
    return { company_id: found.companyId };
  }
}

/** The shown state of a company's valid keys (newest first): the current key and the one in its grace period. */
function describe(keys: DeviceKey[]): DeviceKeyInfo {
  const current = keys.find((k) => k.expiresAt === null) ?? null;
  const previous = keys.find((k) => k.expiresAt !== null) ?? null;
  return {
    exists: current !== null,
    prefix: current ? deviceKeyPrefix(current.keyId) : null,
    created_at: current ? current.createdAt.toISOString() : null,
    last_used_at: current?.lastUsedAt ? current.lastUsedAt.toISOString() : null,
    previous: previous
      ? { prefix: deviceKeyPrefix(previous.keyId), expires_at: previous.expiresAt!.toISOString(), last_used_at: previous.lastUsedAt ? previous.lastUsedAt.toISOString() : null }
      : null,
  };
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { CATALOG_CONFIG, type CatalogConfig } from '../config';
import { ItemsService } from './items.service';

/** Disables items whose contract end date is reached: at start and then periodically (items.contractEndCheckMs). */
@Injectable()
export class ContractEndJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('ContractEndJob');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly items: ItemsService,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.contractEndCheckMs ?? 15 * 60_000;
    void this.run();
    this.timer = setInterval(() => void this.run(), every);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async run(): Promise<void> {
    try {
      const count = await this.items.disableEnded();
      if (count > 0) this.log.log(`disabled ${count} item(s) whose contract ended`);
    } catch (error) {
      this.log.warn(`contract end check failed: ${(error as Error).message}`);
    }
  }
}

import 'reflect-metadata';
import { startServiceProcess } from '@kanban/messaging';
import { loadSupplyConfig } from './config';
import { SupplyModule } from './supply.module';

/** Distributed run: the supply service as its own process (no HTTP), over NATS and PostgreSQL. */
startServiceProcess('supply', () => SupplyModule.forRoot(loadSupplyConfig(process.env)));

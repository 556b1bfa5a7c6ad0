import 'reflect-metadata';
import { startServiceProcess } from '@kanban/messaging';
import { loadOrdersConfig } from './config';
import { OrdersModule } from './orders.module';

/** Distributed run: the orders service as its own process (no HTTP), over NATS and PostgreSQL. */
startServiceProcess('orders', () => OrdersModule.forRoot(loadOrdersConfig(process.env)));

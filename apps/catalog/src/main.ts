import 'reflect-metadata';
import { startServiceProcess } from '@kanban/messaging';
import { CatalogModule } from './catalog.module';
import { loadCatalogConfig } from './config';

/** Distributed run: the catalog service as its own process (no HTTP), over NATS and PostgreSQL. */
startServiceProcess('catalog', () => CatalogModule.forRoot(loadCatalogConfig(process.env)));

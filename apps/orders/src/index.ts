// What the composition root needs from the orders service.
export { OrdersModule } from './orders.module';
export { ordersData } from './orders.data';
export { loadOrdersConfig, type OrdersConfig } from './config';

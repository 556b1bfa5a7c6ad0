// What the composition root needs from the gateway.
export { GatewayModule } from './gateway.module';
export { gatewayMessaging, loadGatewayConfig, type GatewayConfig } from './config';
export { configureHttpApp, openApiConfig } from './http-app';

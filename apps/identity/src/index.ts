// What the composition root needs from the identity service.
export { IdentityModule } from './identity.module';
export { identityData } from './identity.data';
export { loadIdentityConfig, type IdentityConfig } from './config';
export { seedIdentityDemo, seedDemoRestrictions, type DemoRestriction, type IdentitySeed, DEMO_PASSWORD, DEMO_USERS } from './seed';

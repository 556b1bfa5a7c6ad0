export { ApiClientsSection } from './ApiClientsSection';

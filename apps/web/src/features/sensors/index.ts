// What the other features use of sensors; they import it from here, never from its files.
export { useSensorsQuery } from './sensorsApi';
export type { SensorDto } from './sensorsApi';
export { SensorAlarmsCard } from './SensorAlarmsCard';

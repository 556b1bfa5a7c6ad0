// What the other features use of sensors; they import it from here, never from its files.
export { useSensorQuery, useSensorsQuery } from './sensorsApi';
export { ageText } from './sensorStatus';
export type { SensorDto } from './sensorsApi';
export { SensorAlarmsCard } from './SensorAlarmsCard';

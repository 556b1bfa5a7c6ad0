// What the composition root needs from the ingestion.
export { ingestData } from './ingest.data';
export { IngestModule } from './ingest.module';
export { loadIngestConfig, type IngestConfig } from './config';
export { ingestRouter, INGEST_BASE_PATH } from './http/ingest-router';
export { IngestService } from './readings/ingest.service';
export { SensorDirectory } from './readings/sensor-directory';
export { ReadingsRepository, partitionName } from './readings/readings.repository';
export { ReadingsWriter, readingsStored } from './readings/readings.writer';
export { toColumns, type ReadingColumns } from './readings/reading-columns';
export { MqttSubscriber, mqttTopic } from './mqtt/mqtt-subscriber';
export { seedReadingsDemo } from './readings/readings.seed';

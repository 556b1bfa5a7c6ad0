/** Request/reply subjects of the sensor ingestion (apps/ingest; docs/sensors.md, "Ingestion"). */
export const IngestSubjects = {
  health: 'ingest.health',
  /** a sensor's stored readings over a time range, raw or as hourly or daily aggregates (fill-level history) */
  history: 'ingest.readings.history',
} as const;

/** Durable events of the ingestion (JetStream stream EVT_ingest). */
export const IngestEvents = {
  readingsStored: 'evt.ingest.readings_stored',
  /** a batch of readings could not be stored for a reason that retrying does not cure (ReadingsStoreFailed; journal 2006) */
  storeFailed: 'evt.ingest.store_failed',
} as const;

/**
 * The JetStream stream that carries accepted readings from the receivers (HTTP, MQTT, LoRaWAN) to the writers:
 * `<prefix>RAW_ingest`, subjects `<prefix>raw.ingest.<companyId>`. Not an event stream: its messages are work, each
 * acknowledged after the batch holding it committed.
 */
export const INGEST_STREAM = 'RAW_ingest';
export const INGEST_SUBJECT_ROOT = 'raw.ingest';

/** A reading as the writers store it: its sensor resolved, its value in the sensor's unit. */
export interface ResolvedReading {
  company_id: number;
  sensor_id: number;
  /** ISO time, milliseconds */
  read_at: string;
  /** in the sensor's unit */
  value: number;
  /** as sent, before converting the unit */
  raw_value: number;
  battery: number | null;
  signal: number | null;
  source: 'http' | 'mqtt' | 'tts' | 'chirpstack';
}

/** evt.ingest.readings_stored: new readings of a company's sensors committed (duplicates left out), per sensor. */
export interface ReadingsStored {
  company_id: number;
  sensors: {
    sensor_id: number;
    /** how many new readings of the sensor the batch stored */
    count: number;
    /** the sensor's latest new reading, with the latest battery and signal the batch reported for it */
    last: { read_at: string; value: number; battery: number | null; signal: number | null };
    /** the smallest new value (a negative one is a fault: journal 2007 after calibration) */
    min_value: number;
  }[];
}

/**
 * evt.ingest.store_failed: a writer's batch failed with an error of the data (not of the connection), per company of the
 * batch; the readings stay in the work stream and are tried again (nothing is lost). At most one per company and
 * writer process every 10 minutes.
 */
export interface ReadingsStoreFailed {
  company_id: number;
  /** the company's readings in the failed batch */
  readings: number;
  /** their sensors (at most 20) */
  sensor_ids: number[];
  /** the database's error code (SQLSTATE) */
  error_code: string;
  error: string;
}

export const HISTORY_RESOLUTIONS = ['raw', 'hour', 'day'] as const;
export type HistoryResolution = (typeof HISTORY_RESOLUTIONS)[number];

export interface ReadingsHistoryQuery {
  company_id: number;
  sensor_id: number;
  from: string;
  to: string;
  resolution: HistoryResolution;
}

/** One point of a sensor's history: a raw reading (min = max = avg = last) or an hour's or day's aggregate. */
export interface ReadingPoint {
  at: string;
  count: number;
  min: number;
  max: number;
  avg: number;
  last: number;
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { JOURNAL_MESSAGE_KEYS, type JournalMessageKey } from '@kanban/contracts';
import { mergeLocales } from '../../i18n/merge';
import { journalText } from './journalText';

/** The app's texts of a language as i18n.ts merges them (core file and feature files). */
function texts(language: string): Record<string, unknown> {
  const dir = path.resolve(__dirname, '../../i18n/locales');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const features = Object.fromEntries(readdirSync(path.join(dir, language)).map((f) => [`./locales/${language}/${f}`, read(path.join(dir, language, f))]));
  return mergeLocales(read(path.join(dir, `${language}.json`)), features, language);
}

let en: I18n;
let de: I18n;

beforeAll(async () => {
  const make = async (language: string) => {
    const instance = i18next.createInstance();
    await instance.init({ resources: { [language]: { translation: texts(language) } }, lng: language, fallbackLng: false, interpolation: { escapeValue: false } });
    return instance;
  };
  [en, de] = await Promise.all([make('en'), make('de')]);
});

/** Params of every key as the services write them, with the sentence and details expected in English and German. */
const SAMPLES: { [K in JournalMessageKey]: { params: Record<string, unknown>; en: [string, string | null]; de: [string, string | null] }[] } = {
  run_failed: [
    {
      params: { trigger: 'schedule', error_code: 500, error: 'unknown error' },
      en: ['The requisition run (Scheduled run) failed and ordered nothing; the next run orders what it would have.', 'unknown error (code 500)'],
      de: ['Die Bedarfsermittlung (Geplanter Lauf) ist fehlgeschlagen und hat nichts bestellt; der nächste Lauf bestellt, was sie bestellt hätte.', 'unbekannter Fehler (Code 500)'],
    },
    {
      params: { trigger: 'stock', error_code: 1017, error: 'the location is gone' },
      en: ['The requisition run (Stock change) failed and ordered nothing; the next run orders what it would have.', 'Data inconsistent: SKU and unit do not match the cloud data. (code 1017)'],
      de: [
        'Die Bedarfsermittlung (Bestandsänderung) ist fehlgeschlagen und hat nichts bestellt; der nächste Lauf bestellt, was sie bestellt hätte.',
        'Daten inkonsistent: Artikelnummer und Einheit passen nicht zu den Cloud-Daten. (Code 1017)',
      ],
    },
  ],
  rule_config_invalid: [
    {
      params: { rule_id: 12, sku: 'M8-40' },
      en: ["Rule 12 (M8-40) cannot order: its capacity is not above its threshold, or the item's order quantities contradict each other.", null],
      de: ['Regel 12 (M8-40) kann nicht bestellen: Die Kapazität liegt nicht über dem Meldebestand, oder die Bestellmengen des Artikels widersprechen sich.', null],
    },
  ],
  supplier_inactive: [
    {
      params: { suppliers: [{ supplier_id: 3, name: 'Helvetia AG', rules: [{ rule_id: 4, sku: 'A-1' }, { rule_id: 5, sku: 'A-2' }] }, { supplier_id: 9, name: 'Zed', rules: [{ rule_id: 7, sku: 'Z' }] }] },
      en: ['Not ordered automatically because the supplier is inactive: Helvetia AG (2 rules: A-1 and A-2); Zed (1 rule: Z).', null],
      de: ['Nicht automatisch bestellt, weil der Lieferant inaktiv ist: Helvetia AG (2 Regeln: A-1 und A-2); Zed (1 Regel: Z).', null],
    },
  ],
  order_no_supplier: [
    {
      params: { order_id: 1048, skus: 'A-1, A-2' },
      en: ['Order 1048 (A-1, A-2) cannot be transmitted: its items have no supplier (no catalog of a supplier).', null],
      de: ['Bestellung 1048 (A-1, A-2) kann nicht übermittelt werden: Ihre Artikel haben keinen Lieferanten (kein Katalog eines Lieferanten).', null],
    },
    {
      params: { order_id: 7 },
      en: ['Order 7 cannot be transmitted: its items have no supplier (no catalog of a supplier).', null],
      de: ['Bestellung 7 kann nicht übermittelt werden: Ihre Artikel haben keinen Lieferanten (kein Katalog eines Lieferanten).', null],
    },
  ],
  order_not_confirmed: [
    { params: { order_id: 7, timeout_s: 900 }, en: ['Order 7 was not confirmed by the supply side within 15 minutes.', null], de: ['Bestellung 7 wurde vom Lieferanten nicht innerhalb von 15 Minuten bestätigt.', null] },
    { params: { order_id: 7, timeout_s: 1 }, en: ['Order 7 was not confirmed by the supply side within 1 second.', null], de: ['Bestellung 7 wurde vom Lieferanten nicht innerhalb von 1 Sekunde bestätigt.', null] },
  ],
  sensor_offline: [
    {
      params: {
        sensor_id: 4,
        sensor: 'Waage "A"',
        external_id: 'scale-1',
        interval_minutes: 15,
        last_seen_at: null,
        places: [
          { storage_id: 1, storage_name: 'Regal Süd', location_id: 2, customer_id: 3, label: '1-2' },
          { storage_id: 5, storage_name: 'Regal Nord', location_id: 2, customer_id: 3, label: null },
        ],
      },
      en: ['Sensor Waage "A" (Regal Süd, bin 1-2; Regal Nord) is offline: no reading for more than 3 × its interval of 15 min.', null],
      de: ['Sensor Waage "A" (Regal Süd, Fach 1-2; Regal Nord) ist offline: seit mehr als dem 3-Fachen seines Intervalls von 15 Min. kein Messwert.', null],
    },
  ],
  notification_failed: [
    {
      params: { rule_id: 7, rule: 'Bestellung; "Müller" 📦', order_id: 4711, key: 'r7.o4711.v1', channel: 'mail', attempt: 2, kind: 'unreachable', answer: 'connect ECONNREFUSED 127.0.0.1:2525', retrying: true },
      en: ['Notification "Bestellung; "Müller" 📦" for order 4711 could not be sent (e-mail, attempt 2); it is tried again.', 'connect ECONNREFUSED 127.0.0.1:2525'],
      de: ['Benachrichtigung „Bestellung; "Müller" 📦“ zu Bestellung 4711 konnte nicht gesendet werden (E-Mail, Versuch 2); sie wird erneut versucht.', 'connect ECONNREFUSED 127.0.0.1:2525'],
    },
    {
      params: { rule_id: 7, rule: 'Datei', order_id: 12, key: 'r7.o12.v1', channel: 'file', attempt: 1, kind: 'auth', answer: '530 Login incorrect.', retrying: false },
      en: ['Notification "Datei" for order 12 could not be sent (file, attempt 1).', '530 Login incorrect.'],
      de: ['Benachrichtigung „Datei“ zu Bestellung 12 konnte nicht gesendet werden (Datei, Versuch 1).', '530 Login incorrect.'],
    },
    {
      params: { rule_id: 9, rule: 'Journal', order_id: null, subject: 'j42', key: 'r9.j42', channel: 'mail', attempt: 3, kind: 'unreachable', answer: 'connect ECONNREFUSED 127.0.0.1:1', retrying: true },
      en: ['Notification "Journal" for journal entry 42 could not be sent (e-mail, attempt 3); it is tried again.', 'connect ECONNREFUSED 127.0.0.1:1'],
      de: ['Benachrichtigung „Journal“ zu Journaleintrag 42 konnte nicht gesendet werden (E-Mail, Versuch 3); sie wird erneut versucht.', 'connect ECONNREFUSED 127.0.0.1:1'],
    },
    {
      params: { rule_id: 9, rule: 'Sensor', order_id: null, subject: 's3.offline.t1764230400000', key: 'r9.s3.offline.t1764230400000', channel: 'mail', attempt: 1, kind: 'other', answer: '', retrying: false },
      en: ['Notification "Sensor" for the alarm of sensor 3 could not be sent (e-mail, attempt 1).', null],
      de: ['Benachrichtigung „Sensor“ zu dem Alarm von Sensor 3 konnte nicht gesendet werden (E-Mail, Versuch 1).', null],
    },
  ],
  response_failed: [
    {
      params: { rule_id: 7, rule: 'Antworten; "Süd"', file: 'antwort 1.txt', order_id: null, kind: 'unreadable', answer: 'not UTF-8 at byte 4' },
      en: ['The answer antwort 1.txt of notification "Antworten; "Süd"" could not be read.', 'not UTF-8 at byte 4'],
      de: ['Die Antwort antwort 1.txt zur Benachrichtigung „Antworten; "Süd"“ konnte nicht gelesen werden.', 'not UTF-8 at byte 4'],
    },
    {
      params: { rule_id: 7, rule: 'SFTP', file: '', order_id: null, kind: 'auth', answer: 'All configured authentication methods failed' },
      en: ['The answers of notification "SFTP" could not be fetched.', 'All configured authentication methods failed'],
      de: ['Die Antworten zur Benachrichtigung „SFTP“ konnten nicht abgeholt werden.', 'All configured authentication methods failed'],
    },
  ],
  sensor_battery_low: [
    {
      params: { sensor_id: 4, sensor: 'Taster', external_id: 'b-1', battery: 12, places: [] },
      en: ['Sensor Taster reports a low battery (12 %).', null],
      de: ['Sensor Taster meldet eine schwache Batterie (12 %).', null],
    },
  ],
  sensor_negative: [
    {
      params: { sensor_id: 3, sensor: 'Waage "S1"', storage_id: 2, storage: 'Regal Süd', location_id: 4, bin: 'S1-1', value: -40.5 },
      en: [`Sensor Waage "S1" in bin S1-1 of rack Regal Süd measured -40.5, less than the empty bin: the stock was not changed. Check the rack plan's settings (tare, distances).`, null],
      de: ['Sensor Waage "S1" in Fach S1-1 des Regals Regal Süd hat -40,5 gemessen, weniger als das leere Fach: Der Bestand wurde nicht geändert. Prüfen Sie die Einstellungen des Regalplans (Tara, Abstände).', null],
    },
  ],
  sensor_implausible: [
    {
      params: { sensor_id: 3, sensor: 'Waage "S1"', storage_id: 2, storage: 'Regal Süd', location_id: 4, bin: 'S1-1', value: 12500.5 },
      en: [`Sensor Waage "S1" in bin S1-1 of rack Regal Süd measured 12,500.5, outside the bin's plausibility bounds: the stock was not changed. Check the sensor or the bounds in the rack plan.`, null],
      de: ['Sensor Waage "S1" in Fach S1-1 des Regals Regal Süd hat 12.500,5 gemessen, außerhalb der Plausibilitätsgrenzen des Fachs: Der Bestand wurde nicht geändert. Prüfen Sie den Sensor oder die Grenzen im Regalplan.', null],
    },
  ],
  sensor_store_failed: [
    {
      params: { stage: 'orders', subject: 'evt.catalog.bins_measured', service: 'orders', consumer: 'sensor_stock', failures: 5, error_code: 500, error: 'boom' },
      en: ['Sensor readings could not be saved as stock by the orders service (5 attempts); they are kept and can be retried.', 'evt.catalog.bins_measured, sensor_stock: boom (code 500)'],
      de: ['Sensor-Messwerte konnten vom Dienst „Bestellungen“ nicht als Bestand gespeichert werden (5 Versuche); sie bleiben erhalten und können erneut verarbeitet werden.', 'evt.catalog.bins_measured, sensor_stock: boom (Code 500)'],
    },
    {
      params: { stage: 'ingest', readings: 12, sensor_ids: [3, 4], error_code: '22003', error: 'numeric field overflow' },
      en: ['12 sensor readings could not be saved: the database refused them. They are kept and saving is tried again.', 'numeric field overflow · 22003'],
      de: ['12 Sensor-Messwerte konnten nicht gespeichert werden: Die Datenbank hat sie abgelehnt. Sie bleiben erhalten, das Speichern wird erneut versucht.', 'numeric field overflow · 22003'],
    },
  ],
  dead_letter: [
    {
      params: { subject: 'evt.orders.created', service: 'supply', consumer: 'orders-created', failures: 5, error_code: 500, error: 'boom' },
      en: ['The supply service could not process an event (5 attempts).', 'evt.orders.created, orders-created: boom (code 500)'],
      de: ['Der Dienst „Lieferung“ konnte ein Ereignis nicht verarbeiten (5 Versuche).', 'evt.orders.created, orders-created: boom (Code 500)'],
    },
  ],
};

describe('journal texts (docs/replenishment.md "Journal")', () => {
  it.each([...JOURNAL_MESSAGE_KEYS])('%s reads in English and German with its params filled in', (key) => {
    expect(SAMPLES[key].length).toBeGreaterThan(0);
    for (const sample of SAMPLES[key]) {
      const entry = { message_key: key, params: sample.params, message: 'stored English' };
      const e = journalText(entry, en);
      const d = journalText(entry, de);
      expect([e.text, e.details]).toEqual(sample.en);
      expect([d.text, d.details]).toEqual(sample.de);
    }
  });

  it('shows the stored text for entries without a key, with an unknown key, or with params that do not fit', () => {
    expect(journalText({ message_key: null, params: null, message: 'old entry' }, de)).toEqual({ text: 'old entry', details: null });
    expect(journalText({ message_key: 'nope' as JournalMessageKey, params: {}, message: 'future entry' }, de)).toEqual({ text: 'future entry', details: null });
    expect(journalText({ message_key: 'rule_config_invalid', params: { rule_id: 'x' }, message: 'stored' }, de)).toEqual({ text: 'stored', details: null });
    expect(journalText({ message_key: 'supplier_inactive', params: { suppliers: [] }, message: 'stored' }, de)).toEqual({ text: 'stored', details: null });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { ORDER_EVENT_CODES, type OrderEventCode, type OrderEventParamsOf, orderEventText } from '@kanban/contracts';
import { mergeLocales } from '../../i18n/merge';
import { historyText } from './historyText';

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

const NEXT = '2026-11-27T10:31:00.000Z';

/** Parameters of every code (the type makes each code have some), with the texts expected in English and German. */
const SAMPLES: { [C in OrderEventCode]: { params: OrderEventParamsOf[C]; en: string; de: string }[] } = {
  requisition_run: [
    { params: { run_id: 12, trigger: 'stock' }, en: 'run 12 (Stock change)', de: 'Lauf 12 (Bestandsänderung)' },
    { params: { run_id: 1205, trigger: 'schedule' }, en: 'run 1205 (Scheduled run)', de: 'Lauf 1205 (Geplanter Lauf)' },
  ],
  subscription_run: [{ params: { run_id: 4 }, en: 'subscription, ordered by run 4', de: 'Abo, bestellt von Lauf 4' }],
  backorder_reordered: [
    {
      params: { pos: 2, shipping: '2026-01-05', run_id: 9 },
      en: 'line 2 not delivered 7 days after its delivery day 2026-01-05: cancelled and ordered anew by run 9',
      de: 'Position 2 7 Tage nach dem Liefertag 05.01.2026 nicht geliefert: storniert und von Lauf 9 neu bestellt',
    },
    {
      params: { pos: 3, shipping: '2026-12-31', run_id: null },
      en: 'line 3 not delivered 7 days after its delivery day 2026-12-31: cancelled and ordered anew',
      de: 'Position 3 7 Tage nach dem Liefertag 31.12.2026 nicht geliefert: storniert und neu bestellt',
    },
  ],
  manual_order: [{ params: {}, en: 'ordered by hand', de: 'von Hand bestellt' }],
  manual_request: [{ params: {}, en: 'ordered by hand, waiting for approval', de: 'von Hand bestellt, wartet auf Freigabe' }],
  status_ok: [{ params: {}, en: 'updated to OK', de: 'auf OK gesetzt' }],
  request_confirmed: [{ params: {}, en: 'request confirmed', de: 'Anfrage freigegeben' }],
  request_rejected: [
    { params: { reason: null }, en: 'request rejected', de: 'Anfrage abgelehnt' },
    { params: { reason: 'zu teuer <b>' }, en: 'request rejected: zu teuer <b>', de: 'Anfrage abgelehnt: zu teuer <b>' },
  ],
  attachment_added: [
    { params: { name: 'Lieferschein.pdf', replaced: null }, en: 'attachment added: Lieferschein.pdf', de: 'Anhang hinzugefügt: Lieferschein.pdf' },
    { params: { name: 'scan.png', replaced: 'a.pdf' }, en: 'attachment added: scan.png (replaces a.pdf)', de: 'Anhang hinzugefügt: scan.png (ersetzt a.pdf)' },
  ],
  attachment_removed: [{ params: { name: 'scan.png' }, en: 'attachment removed: scan.png', de: 'Anhang entfernt: scan.png' }],
  picture_added: [{ params: { image_id: 5 }, en: 'picture 5 added', de: 'Bild 5 hinzugefügt' }],
  picture_removed: [{ params: { image_id: 6 }, en: 'picture 6 deleted', de: 'Bild 6 gelöscht' }],
  queue_requeued: [
    { params: { attempt: 2 }, en: 'put back into the order queue (attempt 2)', de: 'wieder in die Bestellwarteschlange gestellt (Versuch 2)' },
    { params: { attempt: 1500 }, en: 'put back into the order queue (attempt 1,500)', de: 'wieder in die Bestellwarteschlange gestellt (Versuch 1.500)' },
  ],
  queue_removed: [{ params: {}, en: 'taken out of the order queue', de: 'aus der Bestellwarteschlange genommen' }],
  supply_created: [{ params: { supply_id: 1038 }, en: 'supply 1038 created for the supplier', de: 'Lieferauftrag 1038 für den Lieferanten angelegt' }],
  supply_repeated: [
    {
      params: { supply_id: 7 },
      en: 'supply 7: the order arrived again from the order queue, nothing was created twice',
      de: 'Lieferauftrag 7: die Bestellung kam erneut aus der Bestellwarteschlange, nichts wurde doppelt angelegt',
    },
  ],
  supply_delivery: [
    { params: { supply_id: 7, delivered: [1], taken_back: [], complete: false }, en: 'supply 7: line 1 delivered', de: 'Lieferauftrag 7: Position 1 geliefert' },
    {
      params: { supply_id: 7, delivered: [1, 2, 3], taken_back: [4], complete: true },
      en: 'supply 7: lines 1, 2, and 3 delivered; line 4 taken back (supply delivered)',
      de: 'Lieferauftrag 7: Positionen 1, 2 und 3 geliefert; Position 4 zurückgenommen (Lieferauftrag vollständig geliefert)',
    },
    { params: { supply_id: 8, delivered: [], taken_back: [2, 5], complete: false }, en: 'supply 8: lines 2 and 5 taken back', de: 'Lieferauftrag 8: Positionen 2 und 5 zurückgenommen' },
  ],
  time_tracking: [
    { params: { minutes: 45, pos: 3, comment: null }, en: 'service visit: 45 minutes (line 3)', de: 'Serviceeinsatz: 45 Minuten (Position 3)' },
    { params: { minutes: 1200, pos: 2, comment: 'Regale gezählt' }, en: 'service visit: 1,200 minutes (line 2): Regale gezählt', de: 'Serviceeinsatz: 1.200 Minuten (Position 2): Regale gezählt' },
  ],
  notification_queued: [
    { params: { rule_id: 7, rule: 'Bestelldatei', channel: 'file', key: 'r7.o4711.v1' }, en: 'notification "Bestelldatei" queued (file)', de: 'Benachrichtigung „Bestelldatei“ eingeplant (Datei)' },
  ],
  notification_sent: [
    {
      params: { rule_id: 7, rule: 'Bestellung; "Müller" 📦', channel: 'mail', key: 'r7.o4711.v1', attempt: 1, answer: '250 OK: message queued' },
      en: 'notification "Bestellung; "Müller" 📦" sent (e-mail, attempt 1): 250 OK: message queued',
      de: 'Benachrichtigung „Bestellung; "Müller" 📦“ gesendet (E-Mail, Versuch 1): 250 OK: message queued',
    },
  ],
  notification_retrying: [
    {
      params: { rule_id: 7, rule: 'SFTP', channel: 'file', key: 'r7.o4711.v1', attempt: 2, answer: 'connect ECONNREFUSED', kind: 'unreachable', next_attempt_at: NEXT },
      en: `notification "SFTP" not sent (file, attempt 2): connect ECONNREFUSED; next attempt ${new Intl.DateTimeFormat('en', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(NEXT))}`,
      de: `Benachrichtigung „SFTP“ nicht gesendet (Datei, Versuch 2): connect ECONNREFUSED; nächster Versuch ${new Intl.DateTimeFormat('de', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(NEXT))}`,
    },
  ],
  notification_failed: [
    {
      params: { rule_id: 7, rule: 'API', channel: 'http', key: 'r7.o4711.v2', attempt: 1, answer: 'HTTP/1.1 400 Bad Request', kind: 'other' },
      en: 'notification "API" given up (HTTP, attempt 1): HTTP/1.1 400 Bad Request',
      de: 'Benachrichtigung „API“ aufgegeben (HTTP, Versuch 1): HTTP/1.1 400 Bad Request',
    },
  ],
  response_ext_status: [
    { params: { rule_id: 7, rule: 'Antworten', file: 'antwort_4711.txt', ext_status: 1, text: 'OK' }, en: 'answer antwort_4711.txt ("Antworten"): status OK', de: 'Antwort antwort_4711.txt („Antworten“): Status OK' },
  ],
  response_po_number: [
    { params: { rule_id: 7, rule: 'Antworten', file: 'a.txt', po_number: 'PO-Ä; 1' }, en: 'answer a.txt ("Antworten"): purchase order number PO-Ä; 1', de: 'Antwort a.txt („Antworten“): Auftragsnummer des Lieferanten PO-Ä; 1' },
  ],
  response_line_status: [
    { params: { rule_id: 7, rule: 'Antworten', file: 'a.txt', pos: 2, status: 'BE' }, en: 'answer a.txt ("Antworten"): line 2 BE', de: 'Antwort a.txt („Antworten“): Position 2 BE' },
  ],
  supplier_acknowledged: [
    {
      params: { supply_id: 12, status: 'TR', po_number: null, positions: [1, 2] },
      en: "acknowledged by the supplier's system (supply 12): lines 1 and 2 TR",
      de: 'vom System des Lieferanten bestätigt (Lieferung 12): Positionen 1 und 2 TR',
    },
    {
      params: { supply_id: 12, status: 'PO', po_number: 'AB-Ä; 7', positions: [3] },
      en: "acknowledged by the supplier's system (supply 12), purchase order number AB-Ä; 7: line 3 PO",
      de: 'vom System des Lieferanten bestätigt (Lieferung 12), Auftragsnummer des Lieferanten AB-Ä; 7: Position 3 PO',
    },
  ],
};

const event = <C extends OrderEventCode>(code: C, params: OrderEventParamsOf[C]) => ({ code, params: params as Record<string, unknown>, text: orderEventText(code, params) });

describe('order history texts (docs/replenishment.md "Order history")', () => {
  it('every code has an English and a German text', () => {
    for (const code of ORDER_EVENT_CODES) {
      expect([code, en.exists(`orderEvents.${code}`)]).toEqual([code, true]);
      expect([code, de.exists(`orderEvents.${code}`)]).toEqual([code, true]);
    }
  });

  it.each(ORDER_EVENT_CODES)('%s reads in English and German with its parameters filled in', (code) => {
    const samples = SAMPLES[code] as { params: OrderEventParamsOf[typeof code]; en: string; de: string }[];
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const e = event(code, sample.params);
      expect(historyText(e, en)).toBe(sample.en);
      expect(historyText(e, de)).toBe(sample.de);
    }
  });

  it('shows the stored text for events without a code, with a code it does not know or with parameters that do not fit', () => {
    const text = 'supply 1038 created for the supplier';
    expect(historyText({ code: null, params: null, text }, de)).toBe(text);
    expect(historyText({ code: 'something_new' as OrderEventCode, params: { supply_id: 1038 }, text }, de)).toBe(text);
    expect(historyText({ code: 'supply_created', params: null, text }, de)).toBe(text);
    expect(historyText({ code: 'supply_created', params: { supply: 1038 }, text }, de)).toBe(text);
    expect(historyText({ code: 'requisition_run', params: { run_id: 3, trigger: 'someday' }, text: 'requisition run 3 (someday)' }, de)).toBe('requisition run 3 (someday)');
    expect(historyText({ code: 'backorder_reordered', params: { pos: 1, shipping: null, run_id: 2 }, text: 'backorder: line 1' }, de)).toBe('backorder: line 1');
    expect(historyText({ code: 'supply_created', params: { supply_id: 1038 }, text }, de)).toBe('Lieferauftrag 1038 für den Lieferanten angelegt');
  });
});

import { buildOrderDocument, type OrderDocument } from './document';

/**
 * A complete order (every placeholder filled, umlauts and a '&' included): templates are checked against it on save
 * (an unknown placeholder fails), the docs' examples come from it, and a preview may use it when there is no order.
 */
export function sampleOrderDocument(generatedAt = new Date('2026-11-27T09:30:00Z')): OrderDocument {
  return buildOrderDocument({
    generated_at: generatedAt,
    company: { id: 1, name: 'Muster Kanban GmbH', nr: 'K-100', extended: 'C-Teile-Management', street: 'Industriestraße 5', postal: '70565', city: 'Stuttgart', state: 'BW', country_iso: 'DE', timezone: 'Europe/Berlin' },
    customer: { id: 12, name: 'Bäckerei Müller & Söhne', nr: '4711', extended: 'Werk Nord', street: 'Hauptstraße 1', postal: '80331', city: 'München', state: 'BY', country_iso: 'DE', vat_id: 'DE123456789', auftragsnr: 'A-2026-17', bediener: 'Frau Weiß' },
    location: {
      id: 34,
      name: 'Montagehalle 2',
      nr: 'MH2',
      extended_name: 'Halle 2, Tor 3',
      description: 'Anlieferung über Tor 3',
      street: 'Lagerweg 7',
      postal: '80333',
      city: 'München',
      state: 'BY',
      country_iso: 'DE',
      cost_center: '4100',
      building: 'B2',
      room: '017',
      plant: '1000',
      site_code: 'MUC-N',
      recipient: 'Wareneingang',
      trolley_number: 'T-05',
      r3_plant: '1010',
      account_assignment_number: '4711-100',
      account_assignment_type: 'K',
      ext_system_id: 'LOC-34',
    },
    supplier: { id: 5, name: 'Schrauben Schmitt GmbH', nr: 'SCH', ext_nr: '70001', street: 'Am Hafen 3', postal: '68159', city: 'Mannheim', state: 'BW', country_iso: 'DE' },
    contact: { id: 8, first_name: 'Jörg', name: 'Schmitt', gender: 'm', job_title: 'Vertrieb', email: 'joerg.schmitt@example.com', tel_mobile: '+49 170 1234567', tel_office: '+49 621 55555', salutation_line: 'Sehr geehrter Herr Schmitt,', ext_system_id: 'C-8' },
    user: { id: 3, first_name: 'Anna', last_name: 'Köhler', initials: 'AK', email: 'anna.koehler@example.com', job_title: 'Disposition', salutation: 'Frau' },
    order: {
      id: 1048,
      date: '2026-11-27',
      created: '2026-11-27T08:15:00.000Z',
      customer_id: 12,
      location_id: 34,
      supplier_id: 5,
      comment: 'Bitte bis 10 Uhr liefern',
      status: 'open',
      source: 'requisition',
      ext_status: 0,
      po_status: 0,
      lines: [
        { pos: 1, rule_id: 101, item_id: 201, catalog_id: 9, catalog: 'Normteile 2026', sku: 'DIN933-M8x20', name: 'Sechskantschraube M8×20 verzinkt', quantity: 5, unit: 'BOX', shipping: '2026-11-30', status: 'open', ext_status: 0 },
        { pos: 2, rule_id: 102, item_id: 202, catalog_id: 9, catalog: 'Normteile 2026', sku: 'DIN934-M8', name: 'Sechskantmutter M8 "A2"', quantity: 2.5, unit: 'KGM', shipping: '2026-11-30', status: 'open', ext_status: 0 },
      ],
    },
    items: [
      { id: 201, sku: 'DIN933-M8x20', name: 'Sechskantschraube M8×20 verzinkt', description: 'Festigkeit 8.8', customer_sku: 'BM-100200', material_number: 'MAT-55', material_group: 'Schrauben', unspsc: '31161500', item_unit: 'PCE', order_unit: 'BOX', quantity_per_order_unit: 100, catalog_id: 9 },
      { id: 202, sku: 'DIN934-M8', name: 'Sechskantmutter M8 "A2"', description: 'Edelstahl A2', customer_sku: 'BM-100300', material_number: 'MAT-56', material_group: 'Muttern', unspsc: '31161700', item_unit: 'KGM', order_unit: 'KGM', quantity_per_order_unit: 1, catalog_id: 9 },
    ],
    rules: [
      { id: 101, scan_code: 'KR101', threshold: 200, capacity: 800, stock: 150 },
      { id: 102, scan_code: 'KR102', threshold: 1, capacity: 5, stock: 0.5 },
    ],
    catalogs: [{ id: 9, name: 'Normteile 2026', ext_system_id: 'CAT-2026' }],
    places: {
      101: { storage: { id: 7, name: 'Regal R1', description: 'Linke Seite', bin: 'KLT 3147' }, bin_label: 'R1-01-02' },
      102: { storage: { id: 7, name: 'Regal R1', description: 'Linke Seite', bin: 'KLT 3147' }, bin_label: 'R1-01-03' },
    },
    po_number: 'PO-99812',
    currency: 'EUR',
    event: {
      kind: 'order_created',
      at: '2026-11-27T08:15:00.000Z',
      text: 'order 1048 created',
      journal: { id: 512, code: 2001, message: 'order 1048: the order has no supplier', message_key: 'order_no_supplier', order_id: 1048 },
      sensor: { id: 21, name: 'Waage R1-01', external_id: 'W-0815', alarm: 'offline', battery: 15, last_seen_at: '2026-11-27T06:00:00.000Z', interval_minutes: 15, places: 'Regal R1 R1-01-02' },
    },
  });
}

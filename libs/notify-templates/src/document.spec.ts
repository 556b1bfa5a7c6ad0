import { buildOrderDocument } from './document';

describe('buildOrderDocument', () => {
  const company = { id: 1, name: 'C' };
  const order = {
    id: 9,
    date: '2026-03-01',
    created: '2026-03-01T07:00:00Z',
    customer_id: 2,
    location_id: 3,
    customer: 'Kunde aus der Bestellung',
    location: 'Ort aus der Bestellung',
    supplier_id: 4,
    supplier: 'Lieferant aus der Bestellung',
    ext_status: -1 as const,
    lines: [
      { pos: 2, item_id: 11, rule_id: null, catalog_id: null, sku: 'OWN-1', name: 'Eigenartikel', quantity: 3, unit: 'PCE' },
      { pos: 1, item_id: 10, rule_id: 50, catalog_id: 7, catalog: 'K', sku: 'S-1', name: 'Katalogartikel', quantity: 1.5, unit: 'kgm' },
    ],
  };

  it('sorts lines by position and takes catalog, rule and storage place by their ids', () => {
    const doc = buildOrderDocument({
      company,
      order,
      items: [{ id: 10, sku: 'S-1', name: 'Katalogartikel', customer_sku: 'CS-1', item_unit: 'GRM', quantity_per_order_unit: 1000 }],
      rules: [{ id: 50, scan_code: 'KR50', threshold: 2, capacity: 10, stock: null }],
      catalogs: [{ id: 7, name: 'K', ext_system_id: 'EXT-7' }],
      places: { 50: { storage: { id: 5, name: 'Regal 5', bin: 'KLT' }, bin_label: 'R5-1-1' } },
      currency: 'eur',
    });
    expect(doc.lines.map((l) => l.pos)).toEqual([1, 2]);
    const [catalogLine, ownLine] = doc.lines;
    expect(catalogLine).toMatchObject({ sku: 'S-1', supplier_sku: 'S-1', customer_sku: 'CS-1', catalog: 'K', catalog_ext_id: 'EXT-7', unit: 'kgm' });
    expect(catalogLine!.item).toMatchObject({ item_unit: 'GRM', quantity_per_order_unit: 1000, order_unit: 'kgm' });
    expect(catalogLine!.kanban_rule).toEqual({ id: 50, scan_code: 'KR50', threshold: 2, capacity: 10, stock: null });
    expect(catalogLine!.storage).toEqual({ id: 5, name: 'Regal 5', description: '', bin_type: 'KLT', bin: 'R5-1-1' });
    expect(ownLine).toMatchObject({ sku: 'OWN-1', supplier_sku: '', customer_sku: '', catalog: '', kanban_rule: null, storage: null });
    expect(doc.currency).toBe('EUR');
  });

  it('falls back to the names the order carries and derives the order figures', () => {
    const doc = buildOrderDocument({ company, order, contact: { id: 1, name: 'Nur Nachname' }, user: null });
    expect(doc.customer).toMatchObject({ id: 2, name: 'Kunde aus der Bestellung', nr: '', vat_id: '' });
    expect(doc.location).toMatchObject({ id: 3, name: 'Ort aus der Bestellung', ext_system_id: '' });
    expect(doc.supplier).toMatchObject({ id: 4, name: 'Lieferant aus der Bestellung' });
    expect(doc.company.timezone).toBe('Europe/Berlin');
    expect(doc.contact).toMatchObject({ full_name: 'Nur Nachname', first_name: '' });
    expect(doc.user).toBeNull();
    expect(doc.order).toMatchObject({ ext_status: -1, ext_status_text: 'FE', line_count: 2, total_quantity: 4.5, po_number: '', comment: '' });
  });
});

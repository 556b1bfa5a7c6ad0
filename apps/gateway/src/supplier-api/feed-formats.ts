import type { FeedSupplyDto } from '@kanban/contracts';
import { buildOrderDocument, CSV_COLUMNS, type OrderDocument, renderCsv, renderOpenTransOrder } from '@kanban/notify-templates';

/**
 * The supplier feed's files (docs/supplier-api.md): a supply as the notifications' built-in formats write an order
 * (libs/notify-templates), from what the supply holds: the order's id and day, the supplier's order number, customer,
 * location and supplier by name, the lines. Addresses and item master data are not part of a supply.
 */
export function supplyDocument(supply: FeedSupplyDto, generatedAt = new Date()): OrderDocument {
  return buildOrderDocument({
    company: { id: 0, name: '' },
    order: {
      id: supply.order_id,
      date: supply.date,
      created: supply.created_at,
      customer_id: supply.customer_id,
      location_id: supply.location_id,
      lines: (supply.lines ?? []).map((line) => ({
        pos: line.pos,
        item_id: line.item_id,
        catalog_id: line.catalog_id,
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        unit: line.unit,
        shipping: line.shipping,
      })),
    },
    customer: { id: supply.customer_id, name: supply.customer },
    location: { id: supply.location_id, name: supply.location },
    supplier: { id: supply.supplier_id, name: supply.supplier },
    po_number: supply.po_number ?? undefined,
    generated_at: generatedAt,
  });
}

/** Every line of the supplies as one CSV (the built-in CSV's columns: one header row, then a row per line). */
export function feedCsv(supplies: FeedSupplyDto[]): Buffer {
  if (supplies.length === 0) return Buffer.from(`${CSV_COLUMNS.join(';')}\r\n`, 'utf8');
  const parts = supplies.map((supply, i) => {
    const text = renderCsv(supplyDocument(supply)).toString('utf8');
    // every part but the first without its header row
    return i === 0 ? text : text.slice(text.indexOf('\r\n') + 2);
  });
  return Buffer.from(parts.join(''), 'utf8');
}

export function supplyOpenTrans(supply: FeedSupplyDto): Buffer {
  return renderOpenTransOrder(supplyDocument(supply));
}

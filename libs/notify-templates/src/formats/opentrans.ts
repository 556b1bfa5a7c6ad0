import { AppError, ErrorCode } from '@kanban/access';
import type { DocAddress, OrderDocument } from '../document';
import { el, xmlDocument, type XmlElement } from './xml';

/**
 * openTRANS 2.1 ORDER (the order document of the openTRANS standard of Fraunhofer IAO, which uses BMEcat 2005
 * elements in the namespace prefixed `bmecat`).
 *
 * Source of the element order and of what is required: the openTRANS 2.1 specification, document type ORDER
 * (Fraunhofer IAO, "openTRANS 2.1 – Specification", part ORDER, https://www.digital.iao.fraunhofer.de/de/publikationen/OpenTRANS21.html),
 * as machine-checked by the typed model of OpenTransSharp (github.com/warappa/OpenTransSharp,
 * src/OpenTransSharp/Types/Orders/*.cs, OrderPartiesReference.cs, OpenTransParty.cs, Address.cs, ProductId.cs),
 * which serialises in the schema's sequence order and validates against opentrans_2_1.xsd in its tests
 * (a minimal valid order there has no CURRENCY: it is optional). What we write, in the order the schema requires:
 *
 * ORDER (version="2.1", type="standard"; required: ORDER_HEADER, ORDER_ITEM_LIST, ORDER_SUMMARY)
 *   ORDER_HEADER: CONTROL_INFO? (STOP_AUTOMATIC_PROCESSING?, GENERATOR_INFO?, GENERATION_DATE?), SOURCING_INFO?, ORDER_INFO
 *     ORDER_INFO: ORDER_ID, ORDER_DATE, DELIVERY_DATE?, bmecat:LANGUAGE*, MIME_ROOT?, PARTIES, CUSTOMER_ORDER_REFERENCE?,
 *       ORDER_PARTIES_REFERENCE, DOCEXCHANGE_PARTIES_REFERENCE?, bmecat:CURRENCY?, PAYMENT?, TERMS_AND_CONDITIONS?,
 *       PARTIAL_SHIPMENT_ALLOWED?, TRANSPORT?, INTERNATIONAL_RESTRICTIONS*, MIME_INFO?, REMARKS*, HEADER_UDX?
 *       PARTIES: PARTY+ (bmecat:PARTY_ID+, PARTY_ROLE*, ADDRESS*, ...)
 *         ADDRESS: bmecat:NAME, bmecat:NAME2, bmecat:NAME3, bmecat:DEPARTMENT, CONTACT_DETAILS, bmecat:STREET, bmecat:ZIP,
 *           bmecat:BOXNO, bmecat:ZIPBOX, bmecat:CITY, bmecat:STATE, bmecat:COUNTRY, bmecat:COUNTRY_CODED, bmecat:VAT_ID, ...
 *       ORDER_PARTIES_REFERENCE: bmecat:BUYER_IDREF, bmecat:SUPPLIER_IDREF, INVOICE_RECIPIENT_IDREF?,
 *         SHIPMENT_PARTIES_REFERENCE? (DELIVERY_IDREF, ...)
 *   ORDER_ITEM_LIST: ORDER_ITEM+
 *     ORDER_ITEM: LINE_ITEM_ID, PRODUCT_ID, PRODUCT_FEATURES?, PRODUCT_COMPONENTS?, QUANTITY, bmecat:ORDER_UNIT,
 *       PRODUCT_PRICE_FIX?, PRICE_LINE_AMOUNT?, PARTIAL_SHIPMENT_ALLOWED?, DELIVERY_DATE?, ..., REMARKS*, ITEM_UDX?
 *       PRODUCT_ID: bmecat:SUPPLIER_PID?, bmecat:SUPPLIER_IDREF?, CONFIG_CODE_FIX?, LOT_NUMBER*, SERIAL_NUMBER*,
 *         bmecat:INTERNATIONAL_PID*, bmecat:BUYER_PID*, bmecat:DESCRIPTION_SHORT?, bmecat:DESCRIPTION_LONG?, ...
 *   ORDER_SUMMARY: TOTAL_ITEM_NUM, TOTAL_AMOUNT?
 *
 * Parties: the buyer is the company (it places the order), the supplier the order's supplier, the delivery party
 * the customer's location (ship-to). Their PARTY_IDs (type buyer_specific, i.e. our numbering) are: the company's
 * nr (else its id), the supplier's ext_nr (its number in the buyer's system), else nr, else id, and the location's
 * ext_system_id, else customer nr / location nr, else the location's id. The order comment becomes
 * REMARKS type="order". No prices are known, so no price elements and no CURRENCY unless the document has one.
 */

export const OPENTRANS_NS = 'http://www.opentrans.org/XMLSchema/2.1';
export const BMECAT_NS = 'http://www.bmecat.org/bmecat/2005';

const PARTY_ID_TYPE = 'buyer_specific';

function partyIds(doc: OrderDocument): { buyer: string; supplier: string; delivery: string } {
  const buyer = doc.company.nr || `company-${doc.company.id}`;
  const supplier = doc.supplier.ext_nr || doc.supplier.nr || (doc.supplier.id === null ? 'supplier' : `supplier-${doc.supplier.id}`);
  const locationNr = doc.customer.nr && doc.location.nr ? `${doc.customer.nr}/${doc.location.nr}` : '';
  const delivery = doc.location.ext_system_id || locationNr || `location-${doc.location.id}`;
  return { buyer, supplier, delivery };
}

const optional = (name: string, value: string): XmlElement | null => (value === '' ? null : el(name, value));

/**
 * Descriptive texts are cut to the lengths BMEcat 2005 allows (address lines 50, ZIP 20, DESCRIPTION_SHORT 150
 * characters), so that a receiver checking the schema accepts the order; identifiers (PARTY_ID, SUPPLIER_PID,
 * BUYER_PID) are never cut: a shortened id would name another product or party.
 */
export const OPENTRANS_TEXT_LIMITS = { address: 50, zip: 20, description: 150 } as const;
const cut = (value: string, max: number): string => {
  const chars = [...value];
  return chars.length <= max ? value : chars.slice(0, max).join('');
};

/**
 * A party's ADDRESS, or null when nothing of it is known (no name, no street, no city…): PARTY holds ADDRESS*, so a
 * party without one is valid, while an empty `<ADDRESS/>` says nothing and some receivers' checks refuse it.
 */
function address(names: string[], place: DocAddress & { vat_id?: string }): XmlElement | null {
  const [name, name2, name3] = names.filter((n) => n !== '');
  const line = (value: string): string => cut(value, OPENTRANS_TEXT_LIMITS.address);
  const parts = [
    optional('bmecat:NAME', line(name ?? '')),
    optional('bmecat:NAME2', line(name2 ?? '')),
    optional('bmecat:NAME3', line(name3 ?? '')),
    optional('bmecat:STREET', line(place.street)),
    optional('bmecat:ZIP', cut(place.postal, OPENTRANS_TEXT_LIMITS.zip)),
    optional('bmecat:CITY', line(place.city)),
    optional('bmecat:STATE', line(place.state)),
    optional('bmecat:COUNTRY_CODED', place.country_iso.toUpperCase()),
    optional('bmecat:VAT_ID', place.vat_id ?? ''),
  ];
  return parts.some((part) => part !== null) ? el('ADDRESS', parts) : null;
}

function party(id: string, role: 'buyer' | 'supplier' | 'delivery', addr: XmlElement | null): XmlElement {
  return el('PARTY', [el('bmecat:PARTY_ID', id, { type: PARTY_ID_TYPE }), el('PARTY_ROLE', role), addr]);
}

/** A decimal as xsd:decimal writes it (no exponent, no grouping). */
function decimal(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a number: ${value}`);
  return Number.isInteger(value) ? String(value) : value.toFixed(6).replace(/0+$/, '');
}

export function renderOpenTransOrder(doc: OrderDocument): Buffer {
  // ORDER_ITEM_LIST holds at least one ORDER_ITEM
  if (doc.lines.length === 0) throw new AppError(ErrorCode.Validation, `lines: order ${doc.order.id} has no lines; an openTRANS ORDER needs at least one`, { field: 'lines' });
  const ids = partyIds(doc);
  const root = el(
    'ORDER',
    [
      el('ORDER_HEADER', [
        el('CONTROL_INFO', [el('GENERATOR_INFO', 'kanban-platform notifications'), el('GENERATION_DATE', doc.generated_at)]),
        el('ORDER_INFO', [
          el('ORDER_ID', String(doc.order.id)),
          el('ORDER_DATE', doc.order.created || doc.order.date),
          el('PARTIES', [
            party(ids.buyer, 'buyer', address([doc.company.name, doc.company.extended], doc.company)),
            party(ids.supplier, 'supplier', address([doc.supplier.name], doc.supplier)),
            party(
              ids.delivery,
              'delivery',
              address([doc.customer.name, doc.location.name, doc.location.recipient || doc.location.extended_name], { ...doc.location, vat_id: doc.customer.vat_id }),
            ),
          ]),
          el('ORDER_PARTIES_REFERENCE', [
            el('bmecat:BUYER_IDREF', ids.buyer, { type: PARTY_ID_TYPE }),
            el('bmecat:SUPPLIER_IDREF', ids.supplier, { type: PARTY_ID_TYPE }),
            el('SHIPMENT_PARTIES_REFERENCE', [el('DELIVERY_IDREF', ids.delivery, { type: PARTY_ID_TYPE })]),
          ]),
          optional('bmecat:CURRENCY', doc.currency),
          doc.order.comment === '' ? null : el('REMARKS', doc.order.comment, { type: 'order' }),
        ]),
      ]),
      el(
        'ORDER_ITEM_LIST',
        doc.lines.map((line) =>
          el('ORDER_ITEM', [
            el('LINE_ITEM_ID', String(line.pos)),
            el('PRODUCT_ID', [
              el('bmecat:SUPPLIER_PID', line.supplier_sku || line.sku),
              line.customer_sku === '' ? null : el('bmecat:BUYER_PID', line.customer_sku, { type: PARTY_ID_TYPE }),
              optional('bmecat:DESCRIPTION_SHORT', cut(line.name, OPENTRANS_TEXT_LIMITS.description)),
            ]),
            el('QUANTITY', decimal(line.quantity)),
            el('bmecat:ORDER_UNIT', line.unit),
          ]),
        ),
      ),
      el('ORDER_SUMMARY', [el('TOTAL_ITEM_NUM', String(doc.lines.length))]),
    ],
    { xmlns: OPENTRANS_NS, 'xmlns:bmecat': BMECAT_NS, version: '2.1', type: 'standard' },
  );
  return Buffer.from(xmlDocument(root), 'utf8');
}

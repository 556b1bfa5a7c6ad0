import { labelDataFromOrderDocument, parsedBuiltin, renderPdfBuffer } from '@kanban/labels';
import { type OrderDocument, renderEmailTemplate } from '@kanban/notify-templates';
import type { MailPayload } from './delivery.entity';

/** The name of the delivery note's PDF attachment (a template on the order document). */
export const DELIVERY_NOTE_NAME = 'delivery_note_{{order.id}}.pdf';

/**
 * The order's delivery note as a PDF attachment of an e-mail rule with `delivery_note_pdf` (docs/notifications.md
 * "Delivery"): libs/labels' built-in `delivery-note-a4` on the delivery's order document (a supplier rule's document
 * holds that supplier's lines), `label.printed_at` the event's time. Rendered when the delivery is planned and stored
 * with the message, so every retry sends the same bytes. Throws `delivery note PDF: <reason>` when it cannot be
 * printed (the planner then stores the delivery as failed, "not rendered: …").
 */
export async function deliveryNoteAttachment(document: OrderDocument): Promise<MailPayload['attachments'][number]> {
  try {
    const at = new Date(document.event.at);
    const { pdf } = await renderPdfBuffer({
      template: parsedBuiltin('delivery-note-a4'),
      labels: [{ data: labelDataFromOrderDocument(document) }],
      ...(Number.isNaN(at.getTime()) ? {} : { printedAt: at }),
    });
    const filename = renderEmailTemplate({ header: DELIVERY_NOTE_NAME, body: '' }, document).subject;
    return { filename, contentType: 'application/pdf', content_base64: pdf.toString('base64') };
  } catch (error) {
    throw new Error(`delivery note PDF: ${error instanceof Error ? error.message : String(error)}`);
  }
}

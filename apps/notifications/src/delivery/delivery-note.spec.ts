import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleOrderDocument } from '@kanban/notify-templates';
import { deliveryNoteAttachment } from './delivery-note';

/** The text of a PDF as poppler's pdftotext reads it (layout kept). */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'delivery-note-'));
  try {
    const file = path.join(dir, 'note.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('deliveryNoteAttachment', () => {
  it('renders the order document with the built-in delivery note A4 to a PDF named after the order', async () => {
    const document = sampleOrderDocument();
    const attachment = await deliveryNoteAttachment(document);
    expect(attachment).toMatchObject({ filename: 'delivery_note_1048.pdf', contentType: 'application/pdf' });
    const pdf = Buffer.from(attachment.content_base64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Delivery note');
    expect(text).toContain('1048');
    expect(text).toMatch(/DIN933-M8x20.*Sechskantschraube M8×20 verzinkt.*\b5\b.*BOX/);
    expect(text).toMatch(/DIN934-M8.*\b2\.5\b.*KGM/);
    expect(text).toContain('Bäckerei Müller & Söhne');
  });

  it('a note that cannot be printed is an error naming the delivery note and the reason', async () => {
    const document = sampleOrderDocument();
    // Code 128 takes printable ASCII only: the order id in the barcode cannot be encoded
    const bad = { ...document, order: { ...document.order, id: 'Bestellung €' as unknown as number } };
    await expect(deliveryNoteAttachment(bad)).rejects.toThrow(/^delivery note PDF: error while printing: /);
  });
});

import { attachmentName, downloadDisposition, isPdf } from './order-files.service';

describe('order files: names and types', () => {
  it('recognises a PDF by its first bytes only', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n...'))).toBe(true);
    expect(isPdf(Buffer.from(' %PDF-1.7'))).toBe(false);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.alloc(0))).toBe(false);
  });

  it('keeps the uploaded name without folders and control characters, with the stored extension', () => {
    expect(attachmentName('Lieferschein.pdf', 'application/pdf')).toBe('Lieferschein.pdf');
    expect(attachmentName('C:\\Users\\x\\scan.heic', 'image/jpeg')).toBe('scan.jpg');
    expect(attachmentName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(attachmentName('a"b\u0007c.png', 'image/png')).toBe('abc.png');
    expect(attachmentName(undefined, 'image/webp')).toBe('attachment.webp');
    expect(attachmentName('.pdf', 'application/pdf')).toBe('attachment.pdf');
    expect(attachmentName(`${'x'.repeat(300)}.pdf`, 'application/pdf')).toBe(`${'x'.repeat(200)}.pdf`);
  });

  it('decodes UTF-8 names busboy read as Latin-1, and leaves real Latin-1 names', () => {
    const utf8AsLatin1 = Buffer.from('Müller.pdf', 'utf8').toString('latin1');
    expect(attachmentName(utf8AsLatin1, 'application/pdf')).toBe('Müller.pdf');
    expect(attachmentName('M\u00fcller.pdf', 'application/pdf')).toBe('Müller.pdf');
  });

  it('answers an ASCII name and the exact name (RFC 5987)', () => {
    expect(downloadDisposition('Lieferschein Müller (1).pdf')).toBe(
      `attachment; filename="Lieferschein M_ller (1).pdf"; filename*=UTF-8''Lieferschein%20M%C3%BCller%20%281%29.pdf`,
    );
    expect(downloadDisposition('a"b.pdf')).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
  });
});

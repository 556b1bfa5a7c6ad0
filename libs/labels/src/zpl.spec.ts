import { sampleOrderDocument } from '@kanban/notify-templates';
import sharp from 'sharp';
import { parsedBuiltin } from './builtin';
import { labelDataFromOrderDocument, type LabelData } from './data';
import { renderZplString } from './zpl';

const TEMPLATE = `<label width="100" height="50">
  <input name="note" label="Note" default="Größe ^A ~B _C"/>
  <box x="3" y="3" width="8" height="4" border="0.5"/>
  <box x="20" y="3" width="5" height="5" border="0" fill="black"/>
  <line x1="2" y1="45" x2="98" y2="45" width="0.25"/>
  <line x1="99" y1="1" x2="99" y2="49" width="0.5"/>
  <line x1="60" y1="30" x2="70" y2="40" width="0.3"/>
  <text x="13" y="2" width="55" height="5" size="10" bold="true" align="center">{{item.sku}} {{form.note}}</text>
  <text x="13" y="8" width="40" height="9" size="8">{{item.name}}</text>
  <barcode type="code128" x="2" y="10" width="66" height="12" value="{{item.sku}}" text="true"/>
  <barcode type="qr" x="70" y="1" width="29" height="29" value="{{kanban_rule.scan_code}}"/>
  <barcode type="gs1-128" x="2" y="24" width="66" height="10" value="(02)09501101530003(10){{kanban_rule.scan_code}}(37){{kanban_rule.capacity}}"/>
  <barcode type="ean13" x="2" y="35" width="44" height="9" value="4006381333931"/>
  <barcode type="datamatrix" x="50" y="34" width="10" height="10" value="{{item.sku}}"/>
  <barcode type="gs1-datamatrix" x="72" y="31" width="14" height="14" value="(01)09501101530003(10){{kanban_rule.scan_code}}"/>
  <image x="88" y="31" width="8" height="8" src="item"/>
</label>`;

const item = (n: number, image?: Buffer): LabelData => ({
  item: { sku: `SKU-${n}`, name: 'Sechskantschraube M8×20 "A2" & Mutter' },
  kanban_rule: { scan_code: `KR${100 + n}`, capacity: 10 * n },
  ...(image ? { images: { item: image } } : {}),
});

describe('ZPL output', () => {
  let black: Buffer;
  beforeAll(async () => {
    black = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
  });

  it('writes one ^XA…^XZ per label copy with the commands and field data at 203 dpi', async () => {
    const { zpl, stats } = await renderZplString({
      template: TEMPLATE,
      labels: [{ data: item(1, black), copies: 2 }, { data: item(2, black) }],
      settings: { offset_x: 1, offset_y: -0.5 },
    });
    expect(stats).toEqual({ pages: 3, labels: 3, panels: 3 });
    const labels = zpl.split('^XZ\n').filter(Boolean);
    expect(labels).toHaveLength(3);
    const first = labels[0]!;
    const d = (mm: number): number => Math.round((mm * 203) / 25.4);
    expect(first.startsWith('^XA\n^CI28\n')).toBe(true);
    expect(first).toContain(`^PW${d(100)}\n^LL${d(50)}\n^LH${d(1)},0^LT${d(-0.5)}`);
    // boxes: outline with its border width, filled box as a box whose border is its size
    expect(first).toContain(`^FO${d(3)},${d(3)}^GB${d(8)},${d(4)},${d(0.5)},B,0^FS`);
    expect(first).toContain(`^FO${d(20)},${d(3)}^GB${d(5)},${d(5)},${d(5)},B,0^FS`);
    // lines: horizontal and vertical as ^GB, slanted as ^GD
    expect(first).toMatch(/\^FO\d+,\d+\^GB\d+,2,2,B,0\^FS/);
    expect(first).toMatch(/\^FO\d+,\d+\^GB4,\d+,4,B,0\^FS/);
    expect(first).toContain(`^FO${d(60)},${d(30)}^GD${d(10)},${d(10)},2,B,L^FS`);
    // text: ^A0 at the point size in dots, a field block with the width, lines and alignment; ^ ~ _ hex-escaped
    expect(first).toContain(
      `^FO${d(13)},${d(2)}^A0N,${Math.round((10 * 203) / 72)},${Math.round(Math.round((10 * 203) / 72) * 1.15)}^FB${d(55)},1,0,C,0^FH_^FDSKU-1 Größe _5EA _7EB _5FC^FS`,
    );
    expect(first).toContain(`^FB${d(40)},3,0,L,0^FDSechskantschraube M8×20 "A2" & Mutter^FS`);
    // barcodes with the printer's commands
    expect(first).toMatch(/\^BY\d\^BCN,\d+,Y,N,N\^FDSKU-1\^FS/);
    expect(first).toMatch(/\^BQN,2,\d+\^FDMA,KR101\^FS/);
    expect(first).toMatch(/\^BY\d\^BCN,\d+,N,N,N,D\^FD\(02\)09501101530003\(10\)KR101\(37\)10\^FS/);
    expect(first).toMatch(/\^BY\d\^BEN,\d+,N,N\^FD400638133393\^FS/);
    expect(first).toMatch(/\^BXN,\d+,200\^FDSKU-1\^FS/);
    expect(first).toMatch(/\^BXN,\d+,200,,,,_\^FD_10109501101530003\d*10KR101\^FS/);
    expect(first).toContain('^FD_10109501101530003' + '10KR101^FS');
    // the image as a ^GFA bitmap: 8 mm square at 8 dots/mm, all black
    const gfa = /\^GFA,(\d+),(\d+),(\d+),([0-9A-F]+)\^FS/.exec(first)!;
    expect(gfa).not.toBeNull();
    const [total, , perRow, hex] = [Number(gfa[1]), Number(gfa[2]), Number(gfa[3]), gfa[4]!];
    expect(perRow).toBe(Math.ceil(d(8) / 8));
    expect(total).toBe(perRow * d(8));
    expect(hex.length).toBe(total * 2);
    expect(hex.replace(/F/g, '').length).toBeLessThan(hex.length * 0.1);
    expect(labels[2]).toContain('^FDSKU-2 Größe');
    expect(labels[2]).toContain('^FDMA,KR102^FS');
  });

  it('prints at 300 dpi when asked, and refuses other resolutions', async () => {
    const { zpl } = await renderZplString(
      { template: TEMPLATE, labels: [{ data: item(3) }], form: { note: 'x' } },
      { dpi: 300 },
    );
    expect(zpl).toContain(`^PW${Math.round((100 * 300) / 25.4)}\n^LL${Math.round((50 * 300) / 25.4)}`);
    expect(zpl).toContain(`^FO${Math.round((3 * 300) / 25.4)},${Math.round((3 * 300) / 25.4)}^GB`);
    expect(zpl).not.toContain('^GFA'); // no image for this label: nothing drawn
    await expect(
      renderZplString({ template: TEMPLATE, labels: [] }, { dpi: 600 as 300 }),
    ).rejects.toMatchObject({ code: 1055 });
  });

  it('prints a delivery note of many lines as one label per page', async () => {
    const doc = sampleOrderDocument();
    const lines = Array.from({ length: 20 }, (_, i) => ({ ...doc.lines[i % 2]!, pos: i + 1 }));
    const { zpl, stats } = await renderZplString({
      template: parsedBuiltin('delivery-note-a4'),
      labels: [{ data: labelDataFromOrderDocument({ ...doc, lines }) }],
    });
    expect(stats).toEqual({ pages: 2, labels: 1, panels: 2 });
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^FDPage 1 of 2^FS');
    expect(zpl).toContain('^FDPage 2 of 2^FS');
    expect(zpl).toMatch(/\^BCN,\d+,N,N,N\^FD1048\^FS/);
  });
});

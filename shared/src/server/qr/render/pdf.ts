import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { toCmyk } from '../../../qr/color';
import { labelFontPath } from '../label/generate';
import { advancesEm } from '../../../qr/label/metrics';
import type { Path } from '../../../qr/path';
import { prepareQr } from '../../../qr/prepare';
import { PT_PER_MM, type QrRenderInput, type QrRenderOutput } from '../../../qr/render/types';

/** Room outside the bleed for crop marks. */
const SLUG_MM = 6;
const MARK_MM = 4;

type Doc = InstanceType<typeof PDFDocument>;

function tracePath(doc: Doc, path: Path, unit: number, ox: number, oy: number): void {
  for (const c of path) {
    if (c.op === 'M') doc.moveTo(ox + c.x * unit, oy + c.y * unit);
    else if (c.op === 'L') doc.lineTo(ox + c.x * unit, oy + c.y * unit);
    else if (c.op === 'C')
      doc.bezierCurveTo(
        ox + c.x1 * unit,
        oy + c.y1 * unit,
        ox + c.x2 * unit,
        oy + c.y2 * unit,
        ox + c.x * unit,
        oy + c.y * unit,
      );
    else doc.closePath();
  }
}

/**
 * Vector PDF whose trim box is exactly the requested size (millimetres → points), optionally with
 * background bleed and crop marks, colours in device RGB or device CMYK.
 */
export async function renderPdf(input: QrRenderInput): Promise<QrRenderOutput> {
  const { scene, logo } = prepareQr(input.url, input.design, input.logoImage);
  const space = input.colorSpace ?? 'rgb';
  const colour = (hex: string): string | [number, number, number, number] => {
    if (space === 'rgb') return hex;
    const { c, m, y, k } = toCmyk(hex);
    return [c, m, y, k];
  };
  const widthMm = input.sizeMm;
  const heightMm = (widthMm * scene.height) / scene.width;
  const bleed = (input.bleedMm ?? 0) * PT_PER_MM;
  const slug = input.cropMarks === true ? SLUG_MM * PT_PER_MM : 0;
  const trimW = widthMm * PT_PER_MM;
  const trimH = heightMm * PT_PER_MM;
  const off = bleed + slug;
  const pageW = trimW + 2 * off;
  const pageH = trimH + 2 * off;
  const unit = trimW / scene.width;

  const doc = new PDFDocument({
    size: [pageW, pageH],
    margin: 0,
    autoFirstPage: true,
    compress: true,
    info: { Title: scene.matrix.text, Creator: 'LinkHub', Producer: 'LinkHub' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const toPdfBox = (x: number, y: number, w: number, h: number) => [x, pageH - y - h, x + w, pageH - y];
  Object.assign(doc.page.dictionary.data, {
    TrimBox: toPdfBox(off, off, trimW, trimH),
    BleedBox: toPdfBox(off - bleed, off - bleed, trimW + 2 * bleed, trimH + 2 * bleed),
  });

  if (scene.background !== null) {
    doc.rect(off - bleed, off - bleed, trimW + 2 * bleed, trimH + 2 * bleed).fill(colour(scene.background));
  }
  if (scene.frame !== null) {
    tracePath(doc, scene.frame.path, unit, off, off);
    doc.fill(colour(scene.frame.color));
    const { label } = scene.frame;
    // The bundled face, embedded as a subset (D-520); each glyph set at the layout's own pen
    // position, so no kerning or ligature moves it off the spot every other format draws.
    doc
      .font(labelFontPath(label.font))
      .fontSize(label.fontSize * unit)
      .fillColor(colour(label.color));
    for (const line of label.lines) {
      let pen = line.x;
      const advances = advancesEm(line.text, label.font);
      [...line.text].forEach((c, i) => {
        if (c.trim() !== '')
          doc.text(c, off + pen * unit, off + line.baseline * unit, {
            lineBreak: false,
            baseline: 'alphabetic',
          });
        pen += (advances[i] ?? 0) * label.fontSize;
      });
    }
  }
  const r = scene.darkRects;
  for (let i = 0; i + 3 < r.length; i += 4) {
    doc.rect(
      off + (r[i] ?? 0) * unit,
      off + (r[i + 1] ?? 0) * unit,
      (r[i + 2] ?? 0) * unit,
      (r[i + 3] ?? 0) * unit,
    );
  }
  tracePath(doc, scene.dark, unit, off, off);
  doc.fill(colour(scene.fg));
  if (scene.logo !== null && logo !== null) {
    const px = Math.max(64, Math.min(1200, Math.round(((scene.logo.size * unit) / PT_PER_MM / 25.4) * 600)));
    const png =
      logo.mime === 'image/svg+xml' || logo.mime === 'image/png'
        ? await sharp(Buffer.from(logo.bytes), { density: 300 })
            .resize(px, px, { fit: 'contain', background: '#00000000' })
            .png()
            .toBuffer()
        : Buffer.from(logo.bytes);
    const { x, y, size } = scene.logo;
    doc.image(png, off + x * unit, off + y * unit, {
      fit: [size * unit, size * unit],
      align: 'center',
      valign: 'center',
    });
  }
  if (input.cropMarks === true) {
    doc.lineWidth(0.25).strokeColor(space === 'rgb' ? '#000000' : [0, 0, 0, 100]);
    const mark = MARK_MM * PT_PER_MM;
    const gap = bleed + 1 * PT_PER_MM;
    for (const x of [off, off + trimW]) {
      doc
        .moveTo(x, off - gap)
        .lineTo(x, off - gap - mark)
        .stroke();
      doc
        .moveTo(x, off + trimH + gap)
        .lineTo(x, off + trimH + gap + mark)
        .stroke();
    }
    for (const y of [off, off + trimH]) {
      doc
        .moveTo(off - gap, y)
        .lineTo(off - gap - mark, y)
        .stroke();
      doc
        .moveTo(off + trimW + gap, y)
        .lineTo(off + trimW + gap + mark, y)
        .stroke();
    }
  }
  doc.end();
  await done;
  const bytes = Buffer.concat(chunks);
  return {
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    mime: 'application/pdf',
    extension: 'pdf',
    widthMm,
    heightMm,
  };
}

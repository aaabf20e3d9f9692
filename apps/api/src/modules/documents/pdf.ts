import { createRequire } from 'node:module';
import type { IssuedDocument } from '@proxydesk/contract';
import type PDFKit from 'pdfkit';

// An issued invoice or credit note as an A4 PDF (issue #30 §6, ADR 015), fonts embedded (Noto Sans from
// @fontsource/noto-sans: its Latin and Latin Extended files, each text run set in the one that has its letters).

const require = createRequire(import.meta.url);
const fontFile = (subset: 'latin' | 'latin-ext', weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);
const FONTS = {
  regular: fontFile('latin', 400),
  'regular-ext': fontFile('latin-ext', 400),
  bold: fontFile('latin', 700),
  'bold-ext': fontFile('latin-ext', 700),
} as const;

/** Letters the Latin file has (U+0000–00FF, punctuation, €, ™ …); the rest is looked for in Latin Extended. */
const inLatin = (cp: number) =>
  cp <= 0xff ||
  (cp >= 0x2000 && cp <= 0x206f) ||
  [0x0131, 0x0152, 0x0153, 0x02c6, 0x02da, 0x02dc, 0x20ac, 0x2122, 0x2212, 0x2215].includes(cp);

/** The text cut where it changes from one font file to the other. */
const runs = (text: string): { text: string; ext: boolean }[] => {
  const out: { text: string; ext: boolean }[] = [];
  for (const char of text) {
    const ext = !inLatin(char.codePointAt(0) ?? 0);
    const last = out.at(-1);
    if (last && last.ext === ext) last.text += char;
    else out.push({ text: char, ext });
  }
  return out;
};

const euro = (amount: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(amount);
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
const percent = (rate: number) => `${rate.toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

const PAGE = { width: 595.28, margin: 50 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const MUTED = '#555555';

type Doc = InstanceType<typeof PDFKit>;
interface TextOptions {
  x: number;
  y?: number;
  width: number;
  bold?: boolean;
  size?: number;
  align?: 'left' | 'right';
  color?: string;
}

/** Writes one paragraph at (x, y or the current line), in as many font runs as its letters need. */
const say = (
  doc: Doc,
  text: string,
  { x, y, width, bold = false, size = 10, align = 'left', color = '#111111' }: TextOptions,
) => {
  const parts = runs(text || ' ');
  doc.fontSize(size).fillColor(color);
  parts.forEach((part, i) => {
    doc.font(`${bold ? 'bold' : 'regular'}${part.ext ? '-ext' : ''}`);
    const options = { width, align, continued: i < parts.length - 1, lineGap: 1 };
    if (i === 0) doc.text(part.text, x, y ?? doc.y, options);
    else doc.text(part.text, options);
  });
};

const partyLines = (party: IssuedDocument['seller']) => [
  ...party.address,
  ...(party.vat_number ? [`VAT number: ${party.vat_number}`] : []),
  ...(party.registration_number ? [`Registration number: ${party.registration_number}`] : []),
  ...(party.email ? [party.email] : []),
];

/** One party's block (a heading, the name in bold, its lines); answers where it ends. */
const party = (
  doc: Doc,
  heading: string,
  who: IssuedDocument['seller'],
  x: number,
  y: number,
  width: number,
) => {
  say(doc, heading.toUpperCase(), { x, y, width, size: 8, color: MUTED, bold: true });
  say(doc, who.name || '—', { x, width, bold: true, size: 11 });
  for (const line of partyLines(who)) say(doc, line, { x, width });
  return doc.y;
};

const COLUMNS = [
  { label: 'Description', x: 0, width: 270, align: 'left' },
  { label: 'Qty', x: 275, width: 40, align: 'right' },
  { label: 'Unit price', x: 320, width: 85, align: 'right' },
  { label: 'Amount', x: 410, width: WIDTH - 410, align: 'right' },
] as const;

const rule = (doc: Doc, y: number) =>
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor('#cccccc')
    .stroke();

const table = (doc: Doc, document: IssuedDocument, top: number) => {
  COLUMNS.forEach((c) =>
    say(doc, c.label, { x: PAGE.margin + c.x, y: top, width: c.width, align: c.align, bold: true, size: 9 }),
  );
  let y = top + 16;
  rule(doc, y);
  y += 6;
  for (const line of document.lines) {
    const cells = [line.description, String(line.quantity), euro(line.unit_price), euro(line.amount)];
    let bottom = y;
    COLUMNS.forEach((c, i) => {
      say(doc, cells[i] ?? '', { x: PAGE.margin + c.x, y, width: c.width, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    y = bottom + 4;
  }
  rule(doc, y);
  return y + 8;
};

const totals = (doc: Doc, document: IssuedDocument, top: number) => {
  const rows: [string, string, boolean][] = [
    ['Net', euro(document.net), false],
    [`VAT ${percent(document.vat_rate)}`, euro(document.vat), false],
    ['Total', euro(document.total), true],
  ];
  let y = top;
  for (const [label, value, bold] of rows) {
    say(doc, label, { x: PAGE.margin + 300, y, width: 110, bold, size: bold ? 11 : 10 });
    say(doc, value, {
      x: PAGE.margin + 410,
      y,
      width: WIDTH - 410,
      align: 'right',
      bold,
      size: bold ? 11 : 10,
    });
    y = doc.y + 3;
  }
  return y;
};

/** pdfkit and its fonts are loaded on the first PDF, not at start: an idle shop stays small (ADR 014). */
let pdfkit: Promise<typeof PDFKit> | undefined;

/** The document as a PDF: one A4 page for an ordinary invoice (a few lines). */
export const renderDocumentPdf = async (document: IssuedDocument): Promise<Buffer> => {
  pdfkit ??= import('pdfkit').then((module) => module.default);
  const PDFDocument = await pdfkit;
  return new Promise((resolve, reject) => {
    const title = document.kind === 'invoice' ? 'Invoice' : 'Credit note';
    const doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      info: { Title: `${title} ${document.number}`, Author: document.seller.name, Creator: 'ProxyDesk' },
    });
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = PAGE.margin;
    const half = WIDTH / 2 - 10;
    say(doc, title, { x: left, y: PAGE.margin, width: half, bold: true, size: 22 });
    say(doc, document.number, {
      x: left + half + 20,
      y: PAGE.margin + 2,
      width: half,
      align: 'right',
      bold: true,
      size: 12,
    });
    say(doc, `Issued ${day(document.issued_at)}`, {
      x: left + half + 20,
      width: half,
      align: 'right',
      color: MUTED,
    });

    const partiesTop = PAGE.margin + 60;
    const sellerEnd = party(doc, 'From', document.seller, left, partiesTop, half);
    const buyerEnd = party(
      doc,
      document.kind === 'invoice' ? 'Billed to' : 'Credited to',
      document.buyer,
      left + half + 20,
      partiesTop,
      half,
    );

    let y = Math.max(sellerEnd, buyerEnd) + 20;
    const facts = [
      ...(document.payment_method ? [`Paid ${day(document.issued_at)} with ${document.payment_method}`] : []),
      ...(document.invoice_number ? [`Credits invoice ${document.invoice_number}`] : []),
      ...(document.reason ? [`Reason: ${document.reason}`] : []),
    ];
    for (const fact of facts) {
      say(doc, fact, { x: left, y, width: WIDTH });
      y = doc.y + 2;
    }
    y = table(doc, document, y + 14);
    y = totals(doc, document, y);
    if (document.tax_note) {
      say(doc, document.tax_note, { x: left, y: y + 10, width: WIDTH, color: MUTED });
      y = doc.y;
    }
    say(doc, `All amounts in euro (${document.currency}).`, {
      x: left,
      y: y + 10,
      width: WIDTH,
      color: MUTED,
      size: 9,
    });
    const foot = [document.footer, document.support_url ? `Help: ${document.support_url}` : null].filter(
      (line): line is string => Boolean(line),
    );
    if (foot.length > 0)
      say(doc, foot.join('\n'), { x: left, y: doc.y + 24, width: WIDTH, color: MUTED, size: 8 });
    doc.end();
  });
};

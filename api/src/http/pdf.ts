import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * PDFs the API writes (certificates, the training record, and any later report): one font that
 * prints every name. pdfkit's standard Helvetica has no glyphs beyond Latin-1 ("Nguyễn", "Łukasz",
 * "Çağlar" came out wrong), so each document embeds Noto Sans — regular and bold, from the
 * maintained @expo-google-fonts/noto-sans (Google Fonts' full TTFs: Latin, Latin Extended,
 * Vietnamese, Greek, Cyrillic). pdfkit embeds only the glyphs used and writes a ToUnicode map, so
 * the text stays searchable and copyable.
 */
const fontFile = (name: string) => readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${name}`));
const REGULAR = fontFile('400Regular/NotoSans_400Regular.ttf');
const BOLD = fontFile('700Bold/NotoSans_700Bold.ttf');

/** The font names to pass to `doc.font(…)`. */
export const PDF_FONTS = { regular: 'NotoSans', bold: 'NotoSans-Bold' } as const;

/**
 * OpenType features for every text call. fontkit's default "ccmp" splits a letter such as "ị" into a
 * base and a mark; pdfkit's text map then gives the base glyph (shared with a plain "i") the
 * composed letter, and the extracted text reads "Bịossegurança". Noto Sans has the precomposed
 * glyphs, so nothing is split. (A new object each time: fontkit writes its defaults into it.)
 */
const shaping = () => ({ ccmp: false }) as unknown as PDFKit.Mixins.TextOptions['features'];

type TextOptions = PDFKit.Mixins.TextOptions;

/** `text`, `widthOfString` and `heightOfString` of `doc` with `shaping` unless a call says otherwise. */
function shapeEveryText(doc: PDFKit.PDFDocument): void {
  const text = doc.text.bind(doc) as (value: string, x?: number | TextOptions, y?: number, options?: TextOptions) => PDFKit.PDFDocument;
  const shaped = (options?: TextOptions): TextOptions => ({ features: shaping(), ...options });
  doc.text = ((value: string, x?: number | TextOptions, y?: number, options?: TextOptions) =>
    // pdfkit reads an options object in place of x (and drops the fourth argument when x is missing).
    x === undefined || typeof x === 'object' ? text(value, shaped(x)) : text(value, x, y, shaped(options))) as PDFKit.PDFDocument['text'];
  const widthOfString = doc.widthOfString.bind(doc);
  doc.widthOfString = (value, options) => widthOfString(value, shaped(options));
  const heightOfString = doc.heightOfString.bind(doc);
  doc.heightOfString = (value, options) => heightOfString(value, shaped(options));
}

/** A pdfkit document with the Unicode fonts registered, writing in the regular one. */
export function createPdfDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  doc.registerFont(PDF_FONTS.regular, REGULAR);
  doc.registerFont(PDF_FONTS.bold, BOLD);
  shapeEveryText(doc);
  return doc.font(PDF_FONTS.regular);
}

/** The bytes of `doc` once `draw` has written it (and ended it). */
export function renderPdf(doc: PDFKit.PDFDocument, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return finished;
}

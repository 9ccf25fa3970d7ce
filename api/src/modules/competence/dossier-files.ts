import { createHash } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { csvFile } from '../../http/csv';
import { formatCnpj, formatDate, formatWatchTime } from '../../http/format';
import { createPdfDocument, PDF_FONTS, renderPdf } from '../../http/pdf';
import type { RequirementStatus } from './documents';
import { isInOrder } from './rules/trail';
import type { Readable } from 'node:stream';
import type { MatrixRow } from './competence-service';
import type { Dossier, DossierLine } from './use-cases/dossier';

/** The dossier of one person as the files an auditor reads: a CSV and a PDF that prints the CSV's SHA-256. */

export const STATUS_WORDS: Record<RequirementStatus, string> = {
  VALID: 'Em dia',
  EXPIRING: 'Vence em até 30 dias',
  EXPIRED: 'Vencida',
  REVISION_DUE: 'Nova revisão a fazer',
  PENDING: 'Pendente',
};

export const DOSSIER_CSV_COLUMNS = [
  'Tipo',
  'Pessoa',
  'Função / atividade',
  'Item',
  'Documento em vigor',
  'Situação',
  'Concluído em',
  'Revisão concluída',
  'Carga horária',
  'Nota (%)',
  'Nota mínima (%)',
  'Tentativas',
  'Válido até (reavaliação)',
  'Prazo',
  'Assinado por',
  'Significado',
  'Assinado em',
];

const day = (date: Date | null | undefined) => (date ? formatDate(date) : '');
const hours = (line: DossierLine) => (line.item.durationSeconds ? formatWatchTime(line.item.durationSeconds) : '');

function rows(dossier: Dossier): (string | number)[][] {
  const name = dossier.person.name;
  const requirements = dossier.lines.map((line) => {
    const { standing } = line;
    const completion = standing.completion;
    return [
      'Requisito',
      name,
      line.fn.name,
      line.item.title,
      line.document ?? '',
      STATUS_WORDS[standing.status],
      day(completion?.completedAt),
      completion?.revision ?? '',
      hours(line),
      completion?.scorePercent ?? '',
      completion?.passMarkPercent ?? '',
      line.attempts,
      day(standing.validUntil),
      day(standing.dueAt),
      '',
      '',
      '',
    ];
  });
  const authorizations = dossier.authorizations.map(({ record, revokedBy }) => [
    'Autorização',
    name,
    record.activity ?? '',
    record.requiredItems.map((item) => item.title).join(' | '),
    '',
    revokedBy ? `Revogada em ${day(revokedBy.signature.signedAt)}` : 'Em vigor',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    record.signature.printedName,
    record.signature.meaningText,
    day(record.signature.signedAt),
  ]);
  return [...requirements, ...authorizations];
}

/** The CSV (UTF-8 with BOM, `;`) and the SHA-256 of its bytes: the PDF prints the same hash. */
export async function dossierCsv(dossier: Dossier): Promise<{ csv: Buffer; sha256: string }> {
  const csv = Buffer.from(await text(csvFile(DOSSIER_CSV_COLUMNS, rows(dossier))), 'utf8');
  return { csv, sha256: createHash('sha256').update(csv).digest('hex') };
}

/** The PDF: laboratory, person, each function and requirement, authorizations with signatures, what is missing, the hash and where to check it. */
export function dossierPdf(dossier: Dossier, sha256: string, verifyUrl: string): Promise<Buffer> {
  const doc = createPdfDocument({ size: 'A4', layout: 'landscape', margin: 40, info: { Title: `Dossiê de competência — ${dossier.person.name}`, Author: 'Clube' } });
  return renderPdf(doc, () => draw(doc, dossier, sha256, verifyUrl));
}

const MARGIN = 40;

/** A table across the page: bold titles, then the lines; each column a fraction of the width; a new page when one is full. */
function pdfTable(doc: PDFKit.PDFDocument, titles: string[], fractions: number[], lines: string[][]): void {
  const widths = fractions.map((fraction) => fraction * (doc.page.width - 2 * MARGIN));
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - 70) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(8);
    cells.forEach((cell, index) => {
      doc.text(cell, x, y, { width: widths[index]! - 6 });
      bottom = Math.max(bottom, doc.y);
      x += widths[index]!;
    });
    doc.x = MARGIN;
    doc.y = bottom + 3;
  };
  row(titles, true);
  for (const line of lines) row(line, false);
}

function pdfHeading(doc: PDFKit.PDFDocument, title: string): void {
  doc.moveDown(0.6);
  doc.font(PDF_FONTS.bold).fontSize(12).text(title, MARGIN);
  doc.moveDown(0.2);
}

/** The title, the laboratory and whatever else the document is about, then who generated it and when. */
function pdfHeader(doc: PDFKit.PDFDocument, title: string, account: { name: string; cnpj: string }, lines: string[], generated: { at: Date; byName: string }): void {
  doc.font(PDF_FONTS.bold).fontSize(16).text(title);
  doc.font(PDF_FONTS.regular).fontSize(10);
  doc.text(`Laboratório: ${account.name} — CNPJ ${formatCnpj(account.cnpj)}`);
  for (const line of lines) doc.text(line);
  doc.fontSize(8).fillColor('#555555').text(`Gerado em ${formatDate(generated.at)} por ${generated.byName}, pelo Clube.`).fillColor('#000000');
}

function draw(doc: PDFKit.PDFDocument, dossier: Dossier, sha256: string, verifyUrl: string): void {
  const table = (titles: string[], fractions: number[], lines: string[][]) => pdfTable(doc, titles, fractions, lines);
  const heading = (title: string) => pdfHeading(doc, title);

  const functions = [...new Map(dossier.lines.map((line) => [line.fn._id.toHexString(), line.fn.name])).values()];
  pdfHeader(doc, 'Dossiê de competência (ISO/IEC 17025, 6.2)', dossier.account, [`Pessoa: ${dossier.person.name}`, `Funções: ${functions.length ? functions.join('; ') : 'nenhuma atribuída'}`], {
    at: dossier.generatedAt,
    byName: dossier.generatedByName,
  });

  heading('Requisitos das funções');
  if (!dossier.lines.length) doc.font(PDF_FONTS.regular).fontSize(9).text('Nenhum requisito: a pessoa não tem função neste laboratório.');
  else
    table(
      ['Função', 'Item', 'Documento', 'Situação', 'Concluído em (rev.)', 'Carga', 'Nota / mínima', 'Tentativas', 'Válido até', 'Prazo'],
      [0.13, 0.19, 0.11, 0.1, 0.11, 0.06, 0.08, 0.06, 0.08, 0.08],
      dossier.lines.map((line) => {
        const { standing } = line;
        const completion = standing.completion;
        return [
          line.fn.name,
          line.item.title,
          line.document ?? '—',
          STATUS_WORDS[standing.status],
          completion ? `${day(completion.completedAt)}${completion.revision !== null ? ` (rev. ${completion.revision})` : ''}` : '—',
          hours(line) || '—',
          completion?.scorePercent != null ? `${completion.scorePercent} % / ${completion.passMarkPercent} %` : '—',
          String(line.attempts),
          day(standing.validUntil) || '—',
          day(standing.dueAt) || '—',
        ];
      }),
    );

  heading('Autorizações (assinatura eletrônica)');
  if (!dossier.authorizations.length) doc.font(PDF_FONTS.regular).fontSize(9).text('Nenhuma autorização assinada.');
  else
    table(
      ['Atividade', 'Itens exigidos', 'Assinado por', 'Significado', 'Assinado em', 'Situação'],
      [0.2, 0.25, 0.16, 0.11, 0.13, 0.15],
      dossier.authorizations.map(({ record, revokedBy }) => [
        record.activity ?? '',
        record.requiredItems.map((item) => `${item.title}${item.scorePercent !== null ? ` (${item.scorePercent} %)` : ''}`).join('; ') || '—',
        record.signature.printedName,
        record.signature.meaningText,
        day(record.signature.signedAt),
        revokedBy ? `Revogada em ${day(revokedBy.signature.signedAt)} por ${revokedBy.signature.printedName}` : 'Em vigor',
      ]),
    );

  heading('O que falta');
  const missing = dossier.lines.filter((line) => !isInOrder(line.standing.status));
  doc.font(PDF_FONTS.regular).fontSize(9);
  if (!missing.length) doc.text('Nada: todos os requisitos em dia.');
  for (const line of missing) {
    doc.text(`• ${line.item.title} (${line.fn.name}): ${STATUS_WORDS[line.standing.status].toLowerCase()}${line.standing.dueAt ? `, prazo ${day(line.standing.dueAt)}` : ''}.`);
  }

  doc.moveDown(1);
  doc.fontSize(8).fillColor('#333333');
  doc.text(`SHA-256 do conteúdo (o CSV destes mesmos dados): ${sha256}`);
  doc.text(`Confira em: ${verifyUrl}`);
  doc.fillColor('#000000');
}

/** One person × requirement of the matrix: person, function, item, document in force, status, completed on, valid until, due ('' when none). */
const matrixCells = (row: MatrixRow, line: MatrixRow['lines'][number]): string[] => [
  row.name,
  line.fn.name,
  line.item.title,
  line.document ?? '',
  STATUS_WORDS[line.standing.status],
  day(line.standing.completion?.completedAt),
  day(line.standing.validUntil),
  day(line.standing.dueAt),
];

/** Percent with one decimal ("87,5 %"), "—" when nothing is required. */
const percentText = (part: number, whole: number) => (whole ? `${(Math.round((part * 1000) / whole) / 10).toLocaleString('pt-BR')} %` : '—');

/**
 * The laboratory matrix as PDF (A4 landscape, the embedded Unicode font): the share in order for the
 * laboratory and per person, then one line per person × requirement with its status and dates.
 */
export function matrixPdf(account: { name: string; cnpj: string }, rows: MatrixRow[], generated: { at: Date; byName: string }): Promise<Buffer> {
  const doc = createPdfDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: `Matriz de competência — ${account.name}`, Author: 'Clube' } });
  return renderPdf(doc, () => {
    const required = rows.reduce((sum, row) => sum + row.lines.length, 0);
    const inOrder = rows.reduce((sum, row) => sum + row.inOrder, 0);
    pdfHeader(doc, 'Matriz de competência (ISO/IEC 17025, 6.2)', account, [`Requisitos em dia no laboratório: ${percentText(inOrder, required)} (${inOrder} de ${required})`], generated);
    pdfHeading(doc, 'Por pessoa');
    if (!rows.length) {
      doc.font(PDF_FONTS.regular).fontSize(9).text('Ninguém tem função neste laboratório ainda.');
      return;
    }
    pdfTable(doc, ['Pessoa', 'Requisitos em dia', 'Em dia (%)'], [0.5, 0.25, 0.25], rows.map((row) => [row.name, `${row.inOrder} de ${row.lines.length}`, percentText(row.inOrder, row.lines.length)]));
    pdfHeading(doc, 'Pessoas × requisitos');
    pdfTable(
      doc,
      ['Pessoa', 'Função', 'Item', 'Documento em vigor', 'Situação', 'Concluído em', 'Válido até', 'Prazo'],
      [0.16, 0.15, 0.21, 0.13, 0.11, 0.08, 0.08, 0.08],
      rows.flatMap((row) => row.lines.map((line) => matrixCells(row, line).map((cell) => cell || '—'))),
    );
  });
}

export const MATRIX_CSV_COLUMNS = ['Pessoa', 'Função', 'Item', 'Documento em vigor', 'Situação', 'Concluído em', 'Válido até (reavaliação)', 'Prazo', 'Em dia (%) da pessoa'];

/** The laboratory matrix as CSV: one row per person × requirement (UTF-8 with BOM, `;`). */
export function matrixCsv(rows: MatrixRow[]): Readable {
  return csvFile(
    MATRIX_CSV_COLUMNS,
    rows.flatMap((row) =>
      row.lines.map((line) => [
        ...matrixCells(row, line),
        row.lines.length ? Math.round((row.inOrder * 1000) / row.lines.length) / 10 : '',
      ]),
    ),
  );
}

import type { Readable } from 'node:stream';
import { csvFile } from '../../http/csv';
import { formatCnpj, formatDate, formatWatchTime } from '../../http/format';
import { createPdfDocument, PDF_FONTS, renderPdf } from '../../http/pdf';
import type { SeatRole } from './documents';
import type { TrainingPeriod, TrainingRecord } from './rules/training-record';

/** The training record as the files a manager downloads: CSV and PDF. */

const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const ROLE_WORDS: Record<SeatRole, string> = { MANAGER: 'Gestor(a)', TECHNICIAN: 'Técnico(a)' };

/** File name part: "treinamento-2025-11-23-a-2026-11-22". */
export const trainingFileName = (period: TrainingPeriod, extension: string) => `treinamento-${period.from}-a-${period.to}.${extension}`;

/** "Duração" as a person reads it (as on the certificate); "Duração (s)" a number a spreadsheet can add up. */
export const CSV_COLUMNS = ['Nome', 'E-mail', 'Vídeo', 'Concluído em', 'Duração', 'Duração (s)', 'Certificado'];

/** UTF-8 with BOM, `;` between cells, a header row, one row per person × finished video; formula-looking text neutralised. */
export function trainingCsv(record: TrainingRecord): Readable {
  const rows = record.people.flatMap((person) =>
    person.items.map((item) => [person.name, person.email, item.videoTitle, formatDate(item.finishedAt), formatWatchTime(item.durationSeconds), item.durationSeconds, item.certificateCode ?? '']),
  );
  return csvFile(CSV_COLUMNS, rows);
}

/** The report an auditor reads: laboratory, CNPJ, period, then each person and what they finished (any name prints: http/pdf.ts). */
export function trainingPdf(record: TrainingRecord, generatedAt: Date): Promise<Buffer> {
  const doc = createPdfDocument({ size: 'A4', margin: 50, info: { Title: `Registro de treinamento — ${record.account.name}`, Author: 'Clube' } });
  return renderPdf(doc, () => drawTrainingRecord(doc, record, generatedAt));
}

function drawTrainingRecord(doc: PDFKit.PDFDocument, record: TrainingRecord, generatedAt: Date): void {
  const width = doc.page.width - 100;
  const columns = [
    { title: 'Vídeo', width: width * 0.42 },
    { title: 'Concluído em', width: width * 0.17 },
    { title: 'Duração', width: width * 0.15 },
    { title: 'Certificado', width: width * 0.26 },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    let x = 50;
    doc.font(bold ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(9);
    let bottom = y;
    cells.forEach((cell, index) => {
      doc.text(cell, x, y, { width: columns[index]!.width - 6 });
      bottom = Math.max(bottom, doc.y);
      x += columns[index]!.width;
    });
    doc.x = 50;
    doc.y = bottom + 3;
  };

  doc.font(PDF_FONTS.bold).fontSize(16).text('Registro de treinamento da equipe');
  doc.moveDown(0.3);
  doc.font(PDF_FONTS.regular).fontSize(11).text(`Laboratório: ${record.account.name}`);
  doc.text(`CNPJ: ${formatCnpj(record.account.cnpj)}`);
  doc.text(`Período: ${brDay(record.period.from)} a ${brDay(record.period.to)}`);
  doc.fontSize(9).fillColor('#555555').text(`Gerado em ${formatDate(generatedAt)} pelo Clube.`).fillColor('#000000');
  doc.moveDown(0.8);

  if (record.people.length === 0) doc.fontSize(11).text('Nenhuma pessoa na equipe.');
  for (const person of record.people) {
    if (doc.y > doc.page.height - 140) doc.addPage();
    const status = person.seatStatus === 'REMOVED' ? ' — saiu da equipe' : '';
    doc.font(PDF_FONTS.bold).fontSize(12).text(`${person.name} (${person.email})`);
    const total = person.items.reduce((sum, item) => sum + item.durationSeconds, 0);
    doc.font(PDF_FONTS.regular).fontSize(9).text(
      `${ROLE_WORDS[person.role]}${status}. Vídeos concluídos no período: ${person.items.length}; tempo: ${formatWatchTime(total)}.`,
    );
    doc.moveDown(0.3);
    if (person.items.length === 0) {
      doc.text('Nenhum vídeo concluído no período.');
    } else {
      row(columns.map((column) => column.title), true);
      for (const item of person.items) {
        row([item.videoTitle, formatDate(item.finishedAt), formatWatchTime(item.durationSeconds), item.certificateCode ?? '—']);
      }
    }
    doc.moveDown(0.8);
  }
}

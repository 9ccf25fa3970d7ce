import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import PDFDocument from 'pdfkit';
import type { ObjectId } from 'mongodb';
import { certificateHours } from '../progress/documents';
import type { LaboratoryAccountDocument, SeatRole, SeatStatus } from './documents';
import { badRequest } from '../../http/app-error';
import { neutraliseFormula } from '../admin/exports-service';

/**
 * The laboratory's training record (issue 16): per person who holds or held a seat, the videos
 * finished in a period while on the team, with hours and certificate codes; as JSON, CSV and PDF.
 */

export interface TrainingItem {
  videoId: ObjectId;
  videoTitle: string;
  finishedAt: Date;
  durationSeconds: number;
  certificateCode: string | null;
}

export interface TrainingPerson {
  userId: ObjectId;
  name: string;
  email: string;
  role: SeatRole;
  seatStatus: SeatStatus;
  lastActivityAt: Date | null;
  items: TrainingItem[];
}

export interface TrainingPeriod {
  /** YYYY-MM-DD, Brasília. */
  from: string;
  to: string;
  /** Instants: from 00:00 of `from` to the end of `to`, Brasília (UTC−3, no daylight saving since 2019). */
  start: Date;
  end: Date;
}

export interface TrainingRecord {
  account: LaboratoryAccountDocument;
  period: TrainingPeriod;
  people: TrainingPerson[];
}

const BRASILIA_OFFSET = '-03:00';
const DAY_MS = 24 * 60 * 60 * 1000;

const isoDay = (date: Date) => new Date(date.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

function parseDay(value: string, field: string): Date {
  const date = new Date(`${value}T00:00:00.000${BRASILIA_OFFSET}`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== value) throw badRequest(`Data inválida em "${field}": use AAAA-MM-DD.`, 'INVALID_PERIOD');
  return date;
}

/** The period asked for; default: the 12 months up to today (Brasília). At most 5 years. */
export function trainingPeriod(now: Date, from?: string, to?: string): TrainingPeriod {
  const toDay = to ?? isoDay(now);
  const end = new Date(parseDay(toDay, 'to').getTime() + DAY_MS - 1);
  let fromDay = from;
  if (!fromDay) {
    const start = parseDay(toDay, 'to');
    const yearBefore = new Date(start.getTime());
    yearBefore.setUTCFullYear(yearBefore.getUTCFullYear() - 1);
    fromDay = isoDay(new Date(yearBefore.getTime() + DAY_MS));
  }
  const start = parseDay(fromDay, 'from');
  if (start > end) throw badRequest('O início do período precisa ser antes do fim.', 'INVALID_PERIOD');
  if (end.getTime() - start.getTime() > 5 * 366 * DAY_MS) throw badRequest('Escolha um período de até 5 anos.', 'INVALID_PERIOD');
  return { from: fromDay, to: toDay, start, end };
}

/** Hours as the certificates state them (one decimal, a short video still 0,1 h), so the record and a certificate agree. */
export const hoursOf = certificateHours;
const hoursText = (seconds: number) => hoursOf(seconds).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
export const brDate = (date: Date) => dateFormat.format(date);
const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export function formatCnpj(digits: string): string {
  return digits.length === 14 ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}` : digits;
}

const ROLE_WORDS: Record<SeatRole, string> = { MANAGER: 'Gestor(a)', TECHNICIAN: 'Técnico(a)' };

/** File name part: "treinamento-2025-11-23-a-2026-11-22". */
export const trainingFileName = (period: TrainingPeriod, extension: string) => `treinamento-${period.from}-a-${period.to}.${extension}`;

export const CSV_COLUMNS = ['Nome', 'E-mail', 'Vídeo', 'Concluído em', 'Duração (h)', 'Certificado'];

/** UTF-8 with BOM, a header row, one row per person × finished video; formula-looking text neutralised. */
export function trainingCsv(record: TrainingRecord): Readable {
  const rows = record.people.flatMap((person) =>
    person.items.map((item) => [person.name, person.email, item.videoTitle, brDate(item.finishedAt), hoursText(item.durationSeconds), item.certificateCode ?? '']),
  );
  const csv = stringify({ bom: true, header: true, columns: CSV_COLUMNS, cast: { string: neutraliseFormula } });
  return Readable.from(rows).pipe(csv);
}

/** The report an auditor reads: laboratory, CNPJ, period, then each person and what they finished. */
export async function trainingPdf(record: TrainingRecord, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Registro de treinamento — ${record.account.name}`, Author: 'Clube' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 100;
  const columns = [
    { title: 'Vídeo', width: width * 0.42 },
    { title: 'Concluído em', width: width * 0.17 },
    { title: 'Duração (h)', width: width * 0.15 },
    { title: 'Certificado', width: width * 0.26 },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    let x = 50;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((cell, index) => {
      doc.text(cell, x, y, { width: columns[index]!.width - 6 });
      bottom = Math.max(bottom, doc.y);
      x += columns[index]!.width;
    });
    doc.x = 50;
    doc.y = bottom + 3;
  };

  doc.font('Helvetica-Bold').fontSize(16).text('Registro de treinamento da equipe');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(11).text(`Laboratório: ${record.account.name}`);
  doc.text(`CNPJ: ${formatCnpj(record.account.cnpj)}`);
  doc.text(`Período: ${brDay(record.period.from)} a ${brDay(record.period.to)}`);
  doc.fontSize(9).fillColor('#555555').text(`Gerado em ${brDate(generatedAt)} pelo Clube.`).fillColor('#000000');
  doc.moveDown(0.8);

  if (record.people.length === 0) doc.fontSize(11).text('Nenhuma pessoa na equipe.');
  for (const person of record.people) {
    if (doc.y > doc.page.height - 140) doc.addPage();
    const status = person.seatStatus === 'REMOVED' ? ' — saiu da equipe' : '';
    doc.font('Helvetica-Bold').fontSize(12).text(`${person.name} (${person.email})`);
    const total = person.items.reduce((sum, item) => sum + item.durationSeconds, 0);
    doc.font('Helvetica').fontSize(9).text(
      `${ROLE_WORDS[person.role]}${status}. Vídeos concluídos no período: ${person.items.length}; horas: ${hoursText(total)}.`,
    );
    doc.moveDown(0.3);
    if (person.items.length === 0) {
      doc.text('Nenhum vídeo concluído no período.');
    } else {
      row(columns.map((column) => column.title), true);
      for (const item of person.items) {
        row([item.videoTitle, brDate(item.finishedAt), hoursText(item.durationSeconds), item.certificateCode ?? '—']);
      }
    }
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}

import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A cell starting with = + - @ (or tab / carriage return, which some programs skip before
 * them) is a formula to Excel, LibreOffice and Google Sheets; a leading apostrophe makes it text
 * (OWASP "CSV injection").
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The cell separator. Excel in Portuguese (Brazil) uses the comma as the decimal mark and reads a
 * CSV's cells split by `;` (its list separator): a comma-separated file opens as one column.
 */
export const CSV_DELIMITER = ';';

/**
 * A CSV file as people open it in a spreadsheet in Brazil: UTF-8 with a BOM (so accents read
 * right), `;` between cells, a header row, quoting by csv-stringify, and every text cell that a
 * spreadsheet would run as a formula neutralised. Rows are read as they are written (memory stays
 * flat whatever the size).
 */
export function csvFile(header: string[], rows: Iterable<(string | number)[]> | AsyncIterable<(string | number)[]>): Readable {
  const csv = stringify({ bom: true, header: true, delimiter: CSV_DELIMITER, columns: header, cast: { string: neutraliseFormula } });
  // pipeline: a failed read ends the file with an error, and a client that leaves destroys the
  // source too, which returns the generator and closes the database cursor.
  return pipeline(Readable.from(rows), csv, () => undefined);
}

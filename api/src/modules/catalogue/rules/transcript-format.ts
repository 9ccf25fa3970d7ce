import { WebVTTParser } from 'webvtt-parser';
import { badRequest } from '../../../http/app-error';

export type TranscriptFormat = 'vtt' | 'srt';

export interface TranscriptCue {
  startSeconds: number;
  endSeconds: number;
  /** Plain text: tags (<i>, <v Ana>…) removed, entities decoded, one line per line. */
  text: string;
}

export const MAX_CUES = 10_000;

/**
 * The parser (w3c's `webvtt-parser`) is strict and says the line of each problem; its messages
 * are English, so the ones a person can meet are said again here in Portuguese.
 */
const MESSAGES: [RegExp, string][] = [
  [/^No valid signature/, 'o arquivo WebVTT precisa começar com "WEBVTT"'],
  [/^No blank line after the signature/, 'falta uma linha em branco depois de "WEBVTT"'],
  [/^Cue identifier cannot be standalone/, 'um identificador de legenda sem a linha de tempo depois dele'],
  [/^Cue identifier needs to be followed by timestamp/, 'depois do identificador da legenda deve vir a linha de tempo'],
  [/^Blank line missing before cue/, 'falta uma linha em branco antes desta legenda'],
  [/^End timestamp is not greater than start timestamp/, 'o fim da legenda precisa ser depois do início'],
  [/^Start timestamp is not greater than or equal to start timestamp of previous cue/, 'as legendas precisam estar em ordem de tempo'],
  [/^Must be exactly two digits/, 'horas, minutos e segundos precisam de dois dígitos (00:00:00.000)'],
  [/^Milliseconds must be given in three digits/, 'os milissegundos precisam de três dígitos (00:00:00.000)'],
  [/^No decimal separator/, 'falta o separador dos milissegundos no tempo (00:00:00.000)'],
  [/^You cannot have more than 59 (minutes|seconds)/, 'minutos e segundos vão de 00 a 59'],
  [/^No seconds found or minutes is greater than 59/, 'tempo incompleto ou minutos acima de 59'],
  [/^No time unit separator found/, 'falta ":" entre as partes do tempo'],
  [/^No timestamp found|^Timestamp must start with a character in the range 0-9/, 'era esperado um tempo (00:00:00.000)'],
  [/^No valid timestamp separator found|'-->'|Timestamp not separated/, 'a linha de tempo deve ser "início --> fim", com espaços em volta de "-->"'],
  [/^Timestamp must not have trailing characters/, 'há caracteres sobrando depois do tempo'],
];

function portuguese(message: string): string {
  return MESSAGES.find(([pattern]) => pattern.test(message))?.[1] ?? 'trecho fora do formato (configuração ou marcação inválida)';
}

function invalidAt(format: TranscriptFormat, line: number, reason: string) {
  const name = format === 'vtt' ? 'WebVTT' : 'SRT';
  return badRequest(`Transcrição ${name} inválida na linha ${line}: ${reason}.`, 'INVALID_TRANSCRIPT');
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&lrm;': '', '&rlm;': '' };

function plainText(raw: string): string {
  return raw
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * WebVTT (starts with "WEBVTT") or SRT (anything else). SRT differs from WebVTT only in the
 * header and the decimal comma of its times, so it is rewritten as WebVTT with the same lines
 * and parsed by the same strict parser; reported lines are those of the file that was sent.
 */
export function parseTranscript(content: string): { format: TranscriptFormat; cues: TranscriptCue[] } {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const format: TranscriptFormat = /^WEBVTT(?:[ \t]|\n|$)/.test(text) ? 'vtt' : 'srt';
  const header = format === 'srt' ? 'WEBVTT\n\n' : '';
  const offset = format === 'srt' ? 2 : 0;
  const source =
    format === 'srt' ? header + text.replace(/^([^\n]*-->[^\n]*)$/gm, (line) => line.replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2')) : text;

  if (format === 'srt') checkSrtCounters(text);
  const parsed = new WebVTTParser().parse(source, 'metadata');
  const firstError = parsed.errors[0];
  if (firstError) throw invalidAt(format, Math.max(1, firstError.line - offset), portuguese(firstError.message));

  const cues = parsed.cues.map((cue) => ({ startSeconds: cue.startTime, endSeconds: cue.endTime, text: plainText(cue.text) })).filter((cue) => cue.text);
  if (cues.length === 0) {
    throw badRequest('A transcrição não tem nenhuma legenda com texto. Envie um arquivo WebVTT ou SRT com falas.', 'INVALID_TRANSCRIPT');
  }
  if (cues.length > MAX_CUES) {
    throw badRequest(`A transcrição tem ${cues.length} legendas; o limite é ${MAX_CUES}.`, 'INVALID_TRANSCRIPT');
  }
  return { format, cues };
}

/** SRT's own rule, which WebVTT does not have: every block starts with its number. */
function checkSrtCounters(text: string): void {
  const lines = text.split('\n');
  let blockStart = true;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') {
      blockStart = true;
      continue;
    }
    if (blockStart && !/^\d+$/.test(line.trim())) {
      throw invalidAt(
        'srt',
        index + 1,
        index === lines.findIndex((candidate) => candidate.trim() !== '')
          ? 'o arquivo não começa com "WEBVTT" (WebVTT) nem com o número da primeira legenda (SRT)'
          : 'cada legenda SRT começa com o seu número (1, 2, 3…) numa linha própria',
      );
    }
    blockStart = false;
  }
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

const escapeCueText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The cues as a WebVTT file for the player's captions track. */
export function toWebVtt(cues: TranscriptCue[]): string {
  return `WEBVTT\n\n${cues.map((cue) => `${timestamp(cue.startSeconds)} --> ${timestamp(cue.endSeconds)}\n${escapeCueText(cue.text)}\n`).join('\n')}`;
}

import type { ChapterDocument } from '../modules/catalogue/documents';

/**
 * Chapters and Portuguese transcripts of the two local demo videos, so the player's chapters,
 * captions, transcript panel and the search-to-second journey can be seen on `npm start`.
 * "torniquete" is said only in a transcript (no title, summary, description or body has it):
 * searching it opens "Demonstração: coleta segura" at 0:03.
 */
export const TRANSCRIPT_ONLY_WORD = 'torniquete';

export interface DemoVideoExtras {
  slug: string;
  chapters: ChapterDocument[];
  /** WebVTT, as an admin would upload it. */
  transcript: string;
}

export const DEMO_VIDEO_EXTRAS: DemoVideoExtras[] = [
  {
    slug: 'demonstracao-coleta-segura',
    chapters: [
      { startSeconds: 0, title: 'Preparação do material' },
      { startSeconds: 3, title: 'Punção venosa' },
      { startSeconds: 6, title: 'Descarte seguro' },
    ],
    transcript: [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:03.000',
      'Separe os tubos, a agulha e confira a identificação do paciente.',
      '',
      '00:00:03.000 --> 00:00:06.000',
      'Solte o torniquete antes de um minuto para não alterar o resultado.',
      '',
      '00:00:06.000 --> 00:00:08.000',
      'Descarte a agulha direto na caixa de perfurocortantes.',
      '',
    ].join('\n'),
  },
  {
    slug: 'calibracao-de-pipetas-na-bancada',
    chapters: [
      { startSeconds: 0, title: 'Ambiente e água' },
      { startSeconds: 2, title: 'Pesagens' },
      { startSeconds: 4, title: 'Cálculo do erro' },
    ],
    transcript: [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:02.000',
      'Anote a temperatura da água e deixe a balança estabilizar.',
      '',
      '00:00:02.000 --> 00:00:04.000',
      'Faça dez pesagens seguidas com a mesma ponteira.',
      '',
      '00:00:04.000 --> 00:00:06.000',
      'Converta massa em volume e compare com a tolerância do fabricante.',
      '',
    ].join('\n'),
  },
];

import type { ApiResponse } from '@clube/platform';
import type { Category, ContentDetail, VideoDetail } from '../../shared/types';

const NOW = '2026-03-01T12:00:00.000Z';
const id = (n: number) => n.toString(16).padStart(24, '0');

export const CATEGORIES: Category[] = [
  { _id: id(1), name: 'Biossegurança', slug: 'biosseguranca', order: 1, createdAt: NOW, updatedAt: NOW },
  { _id: id(2), name: 'Calibração', slug: 'calibracao', order: 2, createdAt: NOW, updatedAt: NOW },
];

export function video(overrides: Partial<VideoDetail> = {}): VideoDetail {
  return {
    _id: id(100),
    title: 'Demonstração: coleta segura',
    slug: 'coleta-segura',
    description: 'Como coletar sangue com segurança.',
    durationSeconds: 60,
    thumbnailUrl: null,
    categoryId: CATEGORIES[0]!._id,
    category: { _id: CATEGORIES[0]!._id, name: 'Biossegurança', slug: 'biosseguranca' },
    access: 'FREE',
    creditCost: 0,
    status: 'PUBLISHED',
    publishedAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    sourceKind: 'file',
    chapters: [
      { startSeconds: 0, title: 'Preparação' },
      { startSeconds: 20, title: 'Coleta' },
    ],
    hasTranscript: true,
    locked: false,
    lockReason: null,
    lockMessage: null,
    unlocked: false,
    progress: null,
    ...overrides,
  };
}

export function content(overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    _id: id(200),
    title: 'Protocolo de descarte',
    slug: 'protocolo-de-descarte',
    summary: 'Como descartar resíduos do laboratório.',
    coverUrl: null,
    categoryId: CATEGORIES[0]!._id,
    category: { _id: CATEGORIES[0]!._id, name: 'Biossegurança', slug: 'biosseguranca' },
    access: 'FREE',
    creditCost: 0,
    status: 'PUBLISHED',
    publishedAt: NOW,
    createdAt: NOW,
    updatedAt: NOW,
    attachmentsCount: 0,
    locked: false,
    lockReason: null,
    lockMessage: null,
    unlocked: false,
    ...overrides,
  };
}

export const page = <T>(data: T[], total = data.length, limit = 12) => ({ data, meta: { page: 1, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) } });

export type Plan = ApiResponse<'/v1/plans/'>['data'][number];
export function plan(overrides: Partial<Plan>): Plan {
  return {
    _id: id(300),
    name: 'Mensal',
    description: '',
    priceCents: 9900,
    interval: 'MONTHLY',
    creditsPerCycle: 2,
    features: ['Todos os vídeos para assinantes'],
    externalPlanId: 'plan-mensal',
    active: true,
    highlight: false,
    order: 1,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

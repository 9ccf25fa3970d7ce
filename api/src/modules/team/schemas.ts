import { Type, type Static } from 'typebox';
import { INVITATION_STATUSES, SEAT_ROLES, SEAT_STATUSES } from './documents';
import { SUBSCRIPTION_STATUSES } from '../billing/documents';
import { DateTime, Nullable, ObjectIdString } from '../../http/schemas';

/** Laboratory accounts (issue 16): /team, invitations, members, the training record. */


export const SeatRoleSchema = Type.Enum([...SEAT_ROLES], { description: 'MANAGER: gestor (comprou os assentos); TECHNICIAN: técnico convidado' });

export const TeamAccountSchema = Type.Object(
  {
    id: ObjectIdString,
    name: Type.String({ description: 'Nome do laboratório (copiado do perfil do gestor)' }),
    cnpj: Type.String({ description: 'CNPJ em maiúsculas, sem pontuação (numérico ou alfanumérico)' }),
    seats: Type.Integer({ description: 'Assentos que podem ser ocupados agora' }),
    seatsUsed: Type.Integer({ description: 'Assentos ocupados (o do gestor incluído)' }),
    subscriptionId: ObjectIdString,
    subscriptionStatus: Nullable(Type.Enum([...SUBSCRIPTION_STATUSES])),
    credits: Type.Object(
      { balance: Type.Integer(), used: Type.Integer() },
      { description: 'Carteira do laboratório (os créditos do gestor): o plano dá créditos × assentos a cada ciclo pago' },
    ),
  },
  { description: 'Conta de laboratório' },
);

export const TeamMemberSchema = Type.Object({
  userId: ObjectIdString,
  name: Type.String(),
  email: Type.String(),
  role: SeatRoleSchema,
  joinedAt: DateTime,
});

export const TeamInvitationSchema = Type.Object({
  id: ObjectIdString,
  email: Type.String(),
  status: Type.Enum([...INVITATION_STATUSES]),
  expiresAt: DateTime,
  createdAt: DateTime,
});

export const TeamSchema = Type.Object(
  {
    account: TeamAccountSchema,
    members: Type.Array(TeamMemberSchema, { description: 'Assentos ativos, do mais antigo ao mais novo' }),
    invitations: Type.Array(TeamInvitationSchema, { description: 'Convites pendentes e ainda válidos, mais novos primeiro' }),
  },
  { description: 'A equipe do laboratório (só o gestor)' },
);
export type TeamResponse = Static<typeof TeamSchema>;

export const UserTeamSchema = Type.Object(
  {
    account: TeamAccountSchema,
    members: Type.Array(TeamMemberSchema, { description: 'Vazio quando quem pergunta é um técnico (só o gestor e o admin veem a equipe)' }),
    role: SeatRoleSchema,
  },
  { description: 'A conta de laboratório que o usuário gerencia ou da qual participa' },
);

export const CreateInvitationBody = Type.Object(
  {
    email: Type.String({
      minLength: 3,
      maxLength: 254,
      pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$',
      description: 'E-mail da pessoa convidada',
    }),
  },
  { additionalProperties: false },
);

export const CreatedInvitationSchema = Type.Object(
  {
    ...TeamInvitationSchema.properties,
    inviteUrl: Type.String({ description: 'Link do convite (mostrado só agora: o gestor copia e envia)' }),
  },
  { description: 'Convite criado' },
);

export const InvitationTokenParams = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$', description: 'O token do link do convite' }) },
  { additionalProperties: false },
);

export const InvitationIdParams = Type.Object({ id: ObjectIdString }, { additionalProperties: false });
export const MemberParams = Type.Object({ userId: ObjectIdString }, { additionalProperties: false });

export const InvitationPreviewSchema = Type.Object(
  {
    inviterName: Nullable(Type.String({ description: 'Quem convidou: o gestor do laboratório (null se a conta dele foi excluída)' })),
    laboratoryName: Type.String(),
    email: Type.String({ description: 'O e-mail convidado (quem aceita precisa entrar com ele)' }),
    expiresAt: DateTime,
    status: Type.Enum([...INVITATION_STATUSES], { description: 'PENDING com expiresAt no passado: expirado' }),
  },
  { description: 'O convite, para a página de aceite' },
);

export const AcceptedInvitationSchema = Type.Object({ accountId: ObjectIdString, laboratoryName: Type.String() });

export const TrainingQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Início do período (AAAA-MM-DD, horário de Brasília); padrão: 12 meses antes de `to`' })),
    to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Fim do período (AAAA-MM-DD, inclusive); padrão: hoje' })),
  },
  { additionalProperties: false },
);

export const TrainingItemSchema = Type.Object({
  videoId: ObjectIdString,
  videoTitle: Type.String(),
  finishedAt: DateTime,
  durationSeconds: Type.Integer(),
  duration: Type.String({ description: 'A duração como se lê: "8 s", "12 min", "1 h 05 min"' }),
  certificateCode: Nullable(Type.String({ description: 'Código do certificado atual deste vídeo; null se ainda não emitido' })),
});

export const TrainingPersonSchema = Type.Object({
  userId: ObjectIdString,
  name: Type.String(),
  email: Type.String(),
  role: SeatRoleSchema,
  seatStatus: Type.Enum([...SEAT_STATUSES], { description: 'REMOVED: saiu da equipe; o registro fica com o laboratório' }),
  videosFinished: Type.Integer(),
  hoursWatched: Type.Number({ description: 'Horas dos vídeos concluídos no período, 1 casa decimal, no mínimo 0,1 (como a carga horária dos certificados); para mostrar, use timeWatched' }),
  secondsWatched: Type.Integer({ description: 'Segundos dos vídeos concluídos no período (soma das durações do catálogo)' }),
  timeWatched: Type.String({ description: 'O tempo como se lê, arredondado com honestidade: "8 s", "12 min", "1 h 05 min"' }),
  lastActivityAt: Nullable(DateTime),
  items: Type.Array(TrainingItemSchema),
});

export const TrainingSchema = Type.Object(
  {
    period: Type.Object({ from: Type.String({ description: 'AAAA-MM-DD' }), to: Type.String({ description: 'AAAA-MM-DD, inclusive' }) }),
    people: Type.Array(TrainingPersonSchema),
  },
  { description: 'Registro de treinamento da equipe: vídeos concluídos no período, por pessoa' },
);
export type TrainingResponse = Static<typeof TrainingSchema>;


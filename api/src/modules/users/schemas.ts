import { CNPJ_PATTERN } from '@clube/documents/cnpj';
import { Type, type Static } from 'typebox';
import { BRAZILIAN_STATES } from './documents';
import { DateTime, ObjectIdString, PageQuery } from '../../http/schemas';

const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });

export const UserName = Type.String({ minLength: 2, maxLength: 120, pattern: '\\S', description: 'Nome completo' });

export const AddressSchema = Type.Object(
  {
    cep: Type.String({ pattern: '^\\d{5}-?\\d{3}$', description: 'CEP, com ou sem hífen' }),
    street: Text(200),
    number: Text(20),
    complement: Type.Optional(Type.String({ maxLength: 120 })),
    district: Text(120),
    city: Text(120),
    state: Type.Enum([...BRAZILIAN_STATES], { description: 'UF' }),
  },
  { additionalProperties: false },
);

export const LaboratorySchema = Type.Object(
  {
    name: Text(200, 'Nome do laboratório'),
    cnpj: Type.String({ pattern: CNPJ_PATTERN, description: 'CNPJ numérico ou alfanumérico (IN RFB 2.229/2024), com ou sem máscara; guardado em maiúsculas, sem pontuação' }),
    phone: Type.String({ pattern: '^[0-9()+\\- ]{10,20}$', description: 'Telefone com DDD' }),
    address: AddressSchema,
  },
  { additionalProperties: false },
);

export const UserSchema = Type.Object(
  {
    _id: ObjectIdString,
    providerId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role: Type.Enum(['ADMIN', 'USER']),
    subscription: Type.Union([ObjectIdString, Type.Null()]),
    hasActiveSubscription: Type.Boolean(),
    onboardingCompleted: Type.Boolean(),
    laboratory: Type.Union([LaboratorySchema, Type.Null()]),
    credits: Type.Object({ balance: Type.Integer(), used: Type.Integer() }),
    consent: Type.Union(
      [
        Type.Object({
          termsVersion: Type.String(),
          privacyVersion: Type.String(),
          acceptedAt: DateTime,
          current: Type.Boolean({ description: 'false: os documentos mudaram depois do aceite; peça que leia e aceite a versão atual' }),
        }),
        Type.Null(),
      ],
      { description: 'O aceite dos termos de uso e da política de privacidade (versões e data); null: nenhum registrado' },
    ),
    team: Type.Union(
      [
        Type.Object({
          accountId: ObjectIdString,
          role: Type.Enum(['MANAGER', 'TECHNICIAN']),
          laboratoryName: Type.String(),
        }),
        Type.Null(),
      ],
      { description: 'A conta de laboratório que o usuário gerencia (MANAGER) ou da qual participa (TECHNICIAN); null: nenhuma' },
    ),
    teamNotice: Type.Union(
      [Type.Object({ laboratoryName: Type.String(), message: Type.String(), at: DateTime }), Type.Null()],
      { description: 'Aviso de que a equipe de que o usuário participava foi encerrada (mostrado até DELETE /v1/team/notice); null: nenhum' },
    ),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { description: 'Perfil do usuário' },
);

export type UserResponse = Static<typeof UserSchema>;

export const UserListQuery = Type.Object(
  {
    ...PageQuery,
    field: Type.Optional(Type.Enum(['name', 'email', 'createdAt'], { default: 'createdAt', description: 'Campo de ordenação' })),
    criteria: Type.Optional(Type.Enum(['asc', 'desc'], { default: 'desc', description: 'Direção da ordenação' })),
    searchTerm: Type.Optional(Type.String({ maxLength: 100, description: 'Texto procurado no nome ou e-mail' })),
    role: Type.Optional(Type.Enum(['ADMIN', 'USER', 'ALL'], { description: 'ALL ou ausente: todos' })),
    isSubscriber: Type.Optional(Type.Boolean({ description: 'Filtra por hasActiveSubscription' })),
    hasUsedCredits: Type.Optional(Type.Boolean({ description: 'true: credits.used > 0' })),
  },
  { additionalProperties: false },
);

/** The versions of the terms of use and the privacy policy the person read and accepts (`GET /legal`). */
export const AcceptLegalBody = Type.Object(
  {
    termsVersion: Type.String({ minLength: 1, maxLength: 20, description: 'Versão dos termos de uso aceita' }),
    privacyVersion: Type.String({ minLength: 1, maxLength: 20, description: 'Versão da política de privacidade aceita' }),
  },
  { additionalProperties: false, description: 'O aceite, registrado com a data; só as versões em vigor (409 LEGAL_VERSION_OUTDATED)' },
);

export const CreateUserBody = Type.Object(
  { name: Type.Optional(UserName), acceptLegal: Type.Optional(AcceptLegalBody) },
  { additionalProperties: false },
);

/** One path, two calls: admins send `role`, members send their own profile fields. */
export const UpdateUserBody = Type.Object(
  {
    role: Type.Optional(Type.Enum(['ADMIN', 'USER'], { description: 'Só administradores, para outro usuário' })),
    name: Type.Optional(UserName),
    onboardingCompleted: Type.Optional(Type.Boolean()),
    laboratory: Type.Optional(LaboratorySchema),
    acceptLegal: Type.Optional(AcceptLegalBody),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ProviderIdParams = Type.Object(
  { providerId: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,128}$', description: 'uid do Firebase' }) },
  { additionalProperties: false },
);

export const ExistsResponse = Type.Object({ exists: Type.Boolean() });


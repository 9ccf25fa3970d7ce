import type { Laboratory, UserRole } from '../modules/users/documents';

export interface DemoUser {
  uid: string;
  email: string;
  password: string;
  name: string;
  role: UserRole;
  onboardingCompleted: boolean;
  laboratory: Laboratory | null;
  /** How long before the seed ran this account was "created", so sorting by date shows something. */
  daysAgo: number;
}

export const DEMO_ADMIN = { email: 'admin@clube.local', password: 'Clube#Admin2026' } as const;
export const DEMO_MEMBER = { email: 'membro@clube.local', password: 'Clube#Membro2026' } as const;
export const DEMO_OTHERS_PASSWORD = 'Clube#Demo2026';

const OTHER_NAMES = [
  'Ana Beatriz Souza', 'Bruno Carvalho', 'Camila Ferreira', 'Daniel Oliveira', 'Eduarda Lima',
  'Felipe Rodrigues', 'Gabriela Martins', 'Henrique Almeida', 'Isabela Ribeiro', 'João Pedro Santos',
  'Larissa Gomes', 'Lucas Pereira', 'Mariana Araújo', 'Mateus Barbosa', 'Natália Rocha',
  'Otávio Dias', 'Paula Nascimento', 'Rafael Moreira', 'Renata Cardoso', 'Rodrigo Teixeira',
  'Sabrina Correia', 'Thiago Mendes', 'Vanessa Castro', 'Vinícius Freitas', 'Yasmin Pinto',
  'Letícia Azevedo', 'Gustavo Monteiro', 'Júlia Cavalcanti',
];

function emailFor(name: string): string {
  const [first, ...rest] = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(' ');
  return `${first}.${rest[rest.length - 1]}@clube.local`;
}

export const DEMO_USERS: DemoUser[] = [
  {
    uid: 'demo-admin',
    ...DEMO_ADMIN,
    name: 'Helena Prado',
    role: 'ADMIN',
    onboardingCompleted: true,
    laboratory: null,
    daysAgo: 120,
  },
  {
    uid: 'demo-membro',
    ...DEMO_MEMBER,
    name: 'Marina Costa',
    role: 'USER',
    onboardingCompleted: true,
    laboratory: {
      name: 'Laboratório Vida Análises Clínicas',
      cnpj: '11222333000181',
      phone: '11987654321',
      address: {
        cep: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: 'Sala 12',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    },
    daysAgo: 90,
  },
  ...OTHER_NAMES.map((name, index) => ({
    uid: `demo-user-${String(index + 1).padStart(2, '0')}`,
    email: emailFor(name),
    password: DEMO_OTHERS_PASSWORD,
    name,
    role: 'USER' as const,
    // Some finished onboarding, some did not, so the admin list has variety.
    onboardingCompleted: index % 3 !== 0,
    laboratory: null,
    daysAgo: 60 - index * 2,
  })),
];

import { randomUUID } from 'node:crypto';
import type { TestActor } from '../../helpers/app';
import { COLLECTIONS } from '../../helpers/collections';
import { createCategory, createContent } from '../../helpers/catalogue';
import type { Actor, MatrixContext, MatrixGroup, OptionalActor } from '../matrix';

/**
 * The competence dossier (issue 31): assessments and document revisions of catalogue items, and
 * a laboratory's functions. Uses the team group's laboratories (rows/team.ts, prepared before):
 * in the function rows `member` is lab A's manager and `otherMember` lab B's; `technician` sits in
 * lab A. Quizzes are on FREE contents (open to everyone, nothing to watch first).
 */
interface CompetenceFixtures {
  /** A content with a quiz that everyone may take. */
  quizContent: string;
  /** Contents whose quiz the admin replaces / removes, and one with no revision yet. */
  editContent: string;
  removeContent: string;
  revisionContent: string;
  /** `member`'s open attempt at the quiz and a complete answer to it. */
  attemptId: string;
  answers: { questionId: string; optionIds: string[] }[];
  accountId: string;
  functionId: string;
  /** A function lab A's manager archives, and one whose technician they unassign. */
  archiveFunctionId: string;
  unassignFunctionId: string;
  /** An authorization lab A's manager signed, for the revocation row. */
  recordId: string;
  /** A dossier handed out (its verification record). */
  exportId: string;
}

const QUIZ = {
  passMarkPercent: 50,
  maxAttempts: 5,
  questions: [
    {
      kind: 'SINGLE',
      text: 'Qual EPI é obrigatório na coleta?',
      options: [
        { text: 'Luvas', correct: true },
        { text: 'Nenhum', correct: false },
      ],
    },
  ],
};

const f = (ctx: MatrixContext) => ctx.fixtures.competence as CompetenceFixtures;
const managers = (ctx: MatrixContext) => ctx.fixtures.team as { managerA: TestActor; managerB: TestActor };

function asManagers(ctx: MatrixContext, actor: Actor | OptionalActor | undefined) {
  if (actor === 'member') return { token: managers(ctx).managerA.token };
  if (actor === 'otherMember') return { token: managers(ctx).managerB.token };
  return {};
}

async function prepare(ctx: MatrixContext): Promise<void> {
  const { testApp, actors } = ctx;
  const categoryId = (await createCategory(testApp, actors.admin))._id;
  const content = async () => (await createContent(testApp, actors.admin, categoryId, { attachments: [] }))._id;
  const [quizContent, editContent, removeContent, revisionContent] = [await content(), await content(), await content(), await content()];
  for (const id of [quizContent, removeContent]) {
    const saved = await testApp.call('PUT', `/v1/assessments/contents/${id}`, { token: actors.admin.token, body: QUIZ });
    if (saved.status !== 200) throw new Error(`fixture: avaliação respondeu ${saved.status}`);
  }
  const attempt = await testApp.call('POST', `/v1/assessments/contents/${quizContent}/attempts`, { token: actors.member.token });
  if (attempt.status !== 201) throw new Error(`fixture: tentativa respondeu ${attempt.status}`);
  const answers = (attempt.body.questions as { id: string; options: { id: string }[] }[]).map((q) => ({ questionId: q.id, optionIds: [q.options[0]!.id] }));
  const { managerA } = managers(ctx);
  const accountId = (await testApp.call('GET', '/v1/team', { token: managerA.token })).body.account.id as string;
  const fn = await testApp.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
    token: managerA.token,
    body: { name: 'Função da matriz', requirements: [{ itemType: 'CONTENT', itemId: quizContent, validityMonths: 12 }] },
  });
  if (fn.status !== 201) throw new Error(`fixture: função respondeu ${fn.status}`);
  const technician = ctx.fixtures.technician as TestActor;
  const extra = async (name: string) => {
    const created = await testApp.call('POST', `/v1/competence/accounts/${accountId}/functions`, {
      token: managerA.token,
      body: { name, requirements: [{ itemType: 'CONTENT', itemId: quizContent, validityMonths: 12 }] },
    });
    if (created.status !== 201) throw new Error(`fixture: função respondeu ${created.status}`);
    const assigned = await testApp.call('PUT', `/v1/competence/accounts/${accountId}/functions/${created.body.id}/assignees/${technician.id}`, { token: managerA.token });
    if (assigned.status !== 200) throw new Error(`fixture: atribuição respondeu ${assigned.status}`);
    return created.body.id as string;
  };
  const [archiveFunctionId, unassignFunctionId] = [await extra('Função a arquivar'), await extra('Função a retirar')];
  const record = await testApp.call('POST', `/v1/authorizations/accounts/${accountId}`, {
    token: managerA.token,
    body: { userId: technician.id, activity: 'Atividade da matriz', meaning: 'AUTHORIZE' },
  });
  if (record.status !== 201) throw new Error(`fixture: autorização respondeu ${record.status}`);
  await testApp.call('GET', `/v1/competence/accounts/${accountId}/people/${technician.id}/dossier.csv`, { token: managerA.token });
  const exported = await testApp.db.collection(COLLECTIONS.competenceExports).findOne({});
  if (!exported) throw new Error('fixture: o dossiê não foi registrado');
  ctx.fixtures.competence = {
    quizContent,
    editContent,
    removeContent,
    revisionContent,
    attemptId: attempt.body.id,
    answers,
    accountId,
    functionId: fn.body.id,
    archiveFunctionId,
    unassignFunctionId,
    recordId: record.body.id,
    exportId: exported._id.toHexString(),
  } satisfies CompetenceFixtures;
}

const item = (key: 'quizContent' | 'editContent' | 'removeContent' | 'revisionContent') => (ctx: MatrixContext) => ({ kind: 'contents', itemId: f(ctx)[key] });
const ADMIN_ONLY = { anonymous: 401, member: 403, otherMember: 403, technician: 403 };
const SIGNED_IN = { anonymous: 401, member: 200, otherMember: 200, admin: 200, technician: 200 };

export const competenceGroup: MatrixGroup = {
  name: 'competence dossier (functions, assessments, revisions)',
  prepare,
  rows: [
    { method: 'GET', route: '/v1/assessments/:kind/:itemId', params: item('quizContent'), expect: SIGNED_IN },
    {
      method: 'POST',
      route: '/v1/assessments/:kind/:itemId/attempts',
      label: 'quem pode abrir o item faz a avaliação (o admin também)',
      params: item('quizContent'),
      expect: { anonymous: 401, member: 201, otherMember: 201, admin: 201, technician: 201 },
    },
    {
      method: 'POST',
      route: '/v1/assessments/attempts/:attemptId/submission',
      label: 'a tentativa de member: só ele a envia',
      params: (ctx) => ({ attemptId: f(ctx).attemptId }),
      body: (ctx) => ({ answers: f(ctx).answers }),
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 404, technician: 404 },
    },
    { method: 'GET', route: '/v1/assessments/:kind/:itemId/key', params: item('quizContent'), expect: { ...ADMIN_ONLY, admin: 200 } },
    { method: 'PUT', route: '/v1/assessments/:kind/:itemId', params: item('editContent'), body: () => QUIZ, expect: { ...ADMIN_ONLY, admin: 200 } },
    { method: 'DELETE', route: '/v1/assessments/:kind/:itemId', params: item('removeContent'), expect: { ...ADMIN_ONLY, admin: 204 } },
    {
      method: 'GET',
      route: '/v1/revisions/:kind/:itemId',
      params: item('quizContent'),
      expect: { anonymous: 200, member: 200, otherMember: 200, admin: 200, technician: 200 },
    },
    { method: 'GET', route: '/v1/revisions/:kind/:itemId/impact', params: item('quizContent'), expect: { ...ADMIN_ONLY, admin: 200 } },
    {
      method: 'POST',
      route: '/v1/revisions/:kind/:itemId',
      params: item('revisionContent'),
      body: () => ({ documentCode: 'POP-MTZ-001', revision: 1, effectiveDate: '2026-01-15', changeSummary: 'Versão inicial' }),
      expect: { ...ADMIN_ONLY, admin: 201 },
    },
    {
      method: 'GET',
      route: '/v1/competence/accounts/:accountId/functions',
      label: 'as funções do laboratório A: o gestor de A e o admin',
      params: (ctx) => ({ accountId: f(ctx).accountId }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 200, technician: 404 },
    },
    {
      method: 'POST',
      route: '/v1/competence/accounts/:accountId/functions',
      label: 'só o gestor de A cria; o admin consulta mas não define',
      params: (ctx) => ({ accountId: f(ctx).accountId }),
      body: (ctx) => ({ name: `Função ${randomUUID().slice(0, 8)}`, requirements: [{ itemType: 'CONTENT', itemId: f(ctx).quizContent, validityMonths: 6 }] }),
      request: asManagers,
      expect: { anonymous: 401, member: 201, otherMember: 404, admin: 403, technician: 404 },
    },
    ...['/v1/competence/accounts/:accountId/matrix', '/v1/competence/accounts/:accountId/matrix.csv', '/v1/competence/accounts/:accountId/matrix.pdf'].map((route) => ({
      method: 'GET' as const,
      route,
      label: 'a matriz do laboratório A: o gestor de A e o admin',
      params: (ctx: MatrixContext) => ({ accountId: f(ctx).accountId }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 200, technician: 404 },
    })),
    {
      method: 'PUT',
      route: '/v1/competence/accounts/:accountId/functions/:functionId/assignees/:userId',
      label: 'atribuir a função à técnica de A: só o gestor de A',
      params: (ctx) => ({ accountId: f(ctx).accountId, functionId: f(ctx).functionId, userId: (ctx.fixtures.technician as TestActor).id }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 403, technician: 404 },
    },
    {
      method: 'PUT',
      route: '/v1/competence/accounts/:accountId/functions/:functionId',
      label: 'alterar uma função de A: só o gestor de A; o admin consulta mas não altera',
      params: (ctx) => ({ accountId: f(ctx).accountId, functionId: f(ctx).functionId }),
      body: (ctx) => ({ name: 'Função da matriz', requirements: [{ itemType: 'CONTENT', itemId: f(ctx).quizContent, validityMonths: 24 }] }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 403, technician: 404 },
    },
    {
      method: 'DELETE',
      route: '/v1/competence/accounts/:accountId/functions/:functionId/assignees/:userId',
      label: 'retirar a função da técnica de A: só o gestor de A',
      params: (ctx) => ({ accountId: f(ctx).accountId, functionId: f(ctx).unassignFunctionId, userId: (ctx.fixtures.technician as TestActor).id }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 403, technician: 404 },
    },
    {
      method: 'DELETE',
      route: '/v1/competence/accounts/:accountId/functions/:functionId',
      label: 'arquivar uma função de A: só o gestor de A',
      params: (ctx) => ({ accountId: f(ctx).accountId, functionId: f(ctx).archiveFunctionId }),
      request: asManagers,
      expect: { anonymous: 401, member: 204, otherMember: 404, admin: 403, technician: 404 },
    },
    { method: 'GET', route: '/v1/me/trail/', expect: SIGNED_IN },
    // Signing: the actors' tokens are minutes old, within the 5 minutes a signature allows.
    {
      method: 'GET',
      route: '/v1/authorizations/accounts/:accountId',
      label: 'as autorizações do laboratório A: o gestor de A e o admin',
      params: (ctx) => ({ accountId: f(ctx).accountId }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 200, technician: 404 },
    },
    {
      method: 'POST',
      route: '/v1/authorizations/accounts/:accountId',
      label: 'só o gestor de A assina; o admin vê mas não assina',
      params: (ctx) => ({ accountId: f(ctx).accountId }),
      body: (ctx) => ({ userId: (ctx.fixtures.technician as TestActor).id, activity: 'Leitura de lâminas', meaning: 'REVIEW_APPROVE' }),
      request: asManagers,
      expect: { anonymous: 401, member: 201, otherMember: 404, admin: 403, technician: 404 },
    },
    {
      method: 'POST',
      route: '/v1/authorizations/records/:recordId/revocation',
      label: 'revogar uma autorização de A: só o gestor de A',
      params: (ctx) => ({ recordId: f(ctx).recordId }),
      body: () => ({ reason: 'Mudou de setor' }),
      request: asManagers,
      expect: { anonymous: 401, member: 201, otherMember: 404, admin: 403, technician: 404 },
    },
    {
      method: 'GET',
      route: '/v1/competence/accounts/:accountId/people/:userId/dossier.csv',
      label: 'o dossiê da técnica de A: o gestor de A, o admin e ela mesma',
      params: (ctx) => ({ accountId: f(ctx).accountId, userId: (ctx.fixtures.technician as TestActor).id }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 200, technician: 200 },
    },
    {
      method: 'GET',
      route: '/v1/competence/accounts/:accountId/people/:userId/dossier.pdf',
      label: 'o dossiê da técnica de A em PDF: o gestor de A, o admin e ela mesma',
      params: (ctx) => ({ accountId: f(ctx).accountId, userId: (ctx.fixtures.technician as TestActor).id }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 200, technician: 200 },
    },
    {
      method: 'GET',
      route: '/v1/competence/exports/:exportId',
      label: 'conferir um dossiê entregue é público, como um certificado',
      params: (ctx) => ({ exportId: f(ctx).exportId }),
      expect: { anonymous: 200, member: 200, otherMember: 200, admin: 200, technician: 200 },
    },
    {
      method: 'POST',
      route: '/v1/authorizations/certificates/:code/revocation',
      label: 'o admin revoga um certificado como emissor (o certificado de member, do grupo certificates)',
      params: (ctx) => ({ code: ctx.fixtures.certificateCode as string }),
      body: () => ({ reason: 'Emitido por engano' }),
      expect: { ...ADMIN_ONLY, admin: 201 },
    },
    {
      method: 'GET',
      route: '/v1/authorizations/accounts/:accountId/audit',
      params: (ctx) => ({ accountId: f(ctx).accountId }),
      request: asManagers,
      expect: { anonymous: 401, member: 200, otherMember: 404, admin: 200, technician: 404 },
    },
  ],
};

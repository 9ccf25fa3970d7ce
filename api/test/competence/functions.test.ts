import { createActor, snapshotData, type TestActor } from '../helpers/app';
import { startBillingApp, type BillingTestApp } from '../helpers/billing';
import { createCategory, createVideo } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';
import { addTechnician, labManager } from '../helpers/team';

/**
 * The manager keeps a laboratory's functions up to date (issue 31, ISO/IEC 17025 §6.2.2): edits what
 * a function requires, takes it from a person, archives it; every change is in the audit trail and
 * only the manager makes it.
 */
let t: BillingTestApp;
let admin: TestActor;
let manager: TestActor;
let technician: TestActor;
let accountId: string;
let videoA: string;
let videoB: string;

const base = () => `/v1/competence/accounts/${accountId}/functions`;
const trail = async () => (await t.call('GET', '/v1/me/trail', { token: technician.token })).body.data as { functionName: string; itemId: string; title: string }[];
const audit = async () => (await t.call('GET', `/v1/authorizations/accounts/${accountId}/audit`, { token: manager.token })).body.data as { action: string; summary: string }[];

async function newFunction(name: string) {
  const created = await t.call('POST', base(), { token: manager.token, body: { name, requirements: [{ itemType: 'VIDEO', itemId: videoA, validityMonths: 12 }] } });
  expect(created.status).toBe(201);
  const assigned = await t.call('PUT', `${base()}/${created.body.id}/assignees/${technician.id}`, { token: manager.token });
  expect(assigned.status).toBe(200);
  return created.body.id as string;
}

beforeAll(async () => {
  t = await startBillingApp('2026-03-10T12:00:00.000Z');
  admin = await createActor(t, 'ADMIN', 'Admin do Clube');
  const categoryId = (await createCategory(t, admin))._id;
  const video = async (title: string) => (await createVideo(t, admin, categoryId, { durationSeconds: 600, source: { kind: 'youtube', url: 'https://www.youtube-nocookie.com/embed/x' }, title }))._id;
  [videoA, videoB] = [await video('Coleta de sangue venoso'), await video('Descarte de perfurocortantes')];
  ({ manager } = await labManager(t, t.plans.mensal, 3));
  technician = await addTechnician(t, manager, 'Çağlar Øster');
  accountId = (await t.call('GET', '/v1/team', { token: manager.token })).body.account.id;
});

afterAll(() => t.close());

describe('Competence functions: edit, unassign, archive', () => {
  test('When the manager edits a function, then its people keep it, Minha trilha shows the new requirements and the audit trail says what changed', async () => {
    const id = await newFunction('Técnico de coleta');
    const edited = await t.call('PUT', `${base()}/${id}`, {
      token: manager.token,
      body: { name: 'Técnico de coleta II', description: 'Coleta e descarte', dueDays: 15, requirements: [{ itemType: 'VIDEO', itemId: videoA, validityMonths: 6 }, { itemType: 'VIDEO', itemId: videoB, validityMonths: null }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Técnico de coleta II',
      description: 'Coleta e descarte',
      dueDays: 15,
      requirements: [{ title: 'Coleta de sangue venoso', validityMonths: 6 }, { title: 'Descarte de perfurocortantes', validityMonths: null }],
      people: [expect.objectContaining({ userId: technician.id, name: 'Çağlar Øster' })],
    });
    expect((await trail()).filter((line) => line.functionName === 'Técnico de coleta II').map((line) => line.title)).toEqual(['Coleta de sangue venoso', 'Descarte de perfurocortantes']);
    expect((await audit())[0]).toMatchObject({
      action: 'FUNCTION_UPDATED',
      summary: 'Alterou a função "Técnico de coleta II" (antes "Técnico de coleta"): 2 requisito(s): Coleta de sangue venoso; Descarte de perfurocortantes; prazo de 15 dia(s).',
    });
  });

  test('When the manager takes a function from a person, then it leaves their trail; taking it again is a 404 in Portuguese', async () => {
    const id = await newFunction('Recepção de amostras');
    const ended = await t.call('DELETE', `${base()}/${id}/assignees/${technician.id}`, { token: manager.token });
    expect(ended.status).toBe(200);
    expect(ended.body.people).toEqual([]);
    expect((await trail()).some((line) => line.functionName === 'Recepção de amostras')).toBe(false);
    expect((await audit())[0]).toMatchObject({ action: 'PERSON_UNASSIGNED', summary: 'Retirou a função "Recepção de amostras" de Çağlar Øster.' });

    const before = await snapshotData(t.db);
    const again = await t.call('DELETE', `${base()}/${id}/assignees/${technician.id}`, { token: manager.token });
    expectErrorShape(again, 404);
    expect(again.body).toMatchObject({ code: 'NOT_ASSIGNED', message: 'Esta pessoa não exerce esta função.' });
    expect(await snapshotData(t.db)).toBe(before);
    // Assigned again, the function is back on the trail.
    expect((await t.call('PUT', `${base()}/${id}/assignees/${technician.id}`, { token: manager.token })).status).toBe(200);
    expect((await trail()).some((line) => line.functionName === 'Recepção de amostras')).toBe(true);
  });

  test('When the manager archives a function, then it leaves the list, the trail and the matrix, its name is free again, and it cannot be edited', async () => {
    const id = await newFunction('Analista de urinálise');
    const archived = await t.call('DELETE', `${base()}/${id}`, { token: manager.token });
    expect(archived.status).toBe(204);
    const list = (await t.call('GET', base(), { token: manager.token })).body.data as { id: string }[];
    expect(list.some((fn) => fn.id === id)).toBe(false);
    expect((await trail()).some((line) => line.functionName === 'Analista de urinálise')).toBe(false);
    const matrix = (await t.call('GET', `/v1/competence/accounts/${accountId}/matrix`, { token: manager.token })).body;
    expect(JSON.stringify(matrix)).not.toContain('Analista de urinálise');
    expect((await audit())[0]).toMatchObject({ action: 'FUNCTION_ARCHIVED', summary: 'Arquivou a função "Analista de urinálise"; quem a exercia deixou de exercê-la.' });

    const before = await snapshotData(t.db);
    const edit = await t.call('PUT', `${base()}/${id}`, { token: manager.token, body: { name: 'Outra', requirements: [{ itemType: 'VIDEO', itemId: videoA }] } });
    expectErrorShape(edit, 404);
    expect(edit.body.message).toBe('Função não encontrada neste laboratório.');
    expectErrorShape(await t.call('DELETE', `${base()}/${id}`, { token: manager.token }), 404);
    expect(await snapshotData(t.db)).toBe(before);

    const reused = await t.call('POST', base(), { token: manager.token, body: { name: 'analista de urinálise', requirements: [{ itemType: 'VIDEO', itemId: videoB }] } });
    expect(reused.status).toBe(201);
  });

  test('When anyone but the manager edits, archives or unassigns, or an edit is bad, then a 4xx in Portuguese and nothing changes', async () => {
    const id = await newFunction('Técnico de hematologia');
    await newFunction('Técnico de bioquímica');
    const outsider = await createActor(t, 'USER', 'Pessoa de Fora');
    const body = { name: 'Qualquer', requirements: [{ itemType: 'VIDEO', itemId: videoB, validityMonths: 12 }] };
    const before = await snapshotData(t.db);
    const byAdmin = [
      await t.call('PUT', `${base()}/${id}`, { token: admin.token, body }),
      await t.call('DELETE', `${base()}/${id}`, { token: admin.token }),
      await t.call('DELETE', `${base()}/${id}/assignees/${technician.id}`, { token: admin.token }),
    ];
    for (const refused of byAdmin) {
      expectErrorShape(refused, 403);
      expect(refused.body.code).toBe('MANAGER_ONLY');
    }
    for (const actor of [technician, outsider]) {
      expectErrorShape(await t.call('PUT', `${base()}/${id}`, { token: actor.token, body }), 404);
      expectErrorShape(await t.call('DELETE', `${base()}/${id}`, { token: actor.token }), 404);
      expectErrorShape(await t.call('DELETE', `${base()}/${id}/assignees/${technician.id}`, { token: actor.token }), 404);
    }
    const taken = await t.call('PUT', `${base()}/${id}`, { token: manager.token, body: { ...body, name: 'TÉCNICO DE BIOQUÍMICA' } });
    expectErrorShape(taken, 409);
    expect(taken.body.message).toBe('Este laboratório já tem a função "TÉCNICO DE BIOQUÍMICA".');
    const twice = await t.call('PUT', `${base()}/${id}`, { token: manager.token, body: { ...body, requirements: [...body.requirements, ...body.requirements] } });
    expectErrorShape(twice, 400);
    expect(twice.body.message).toBe('Cada item entra uma vez só nos requisitos da função.');
    const none = await t.call('PUT', `${base()}/${id}`, { token: manager.token, body: { ...body, requirements: [] } });
    expectErrorShape(none, 400);
    expect(await snapshotData(t.db)).toBe(before);
  });
});

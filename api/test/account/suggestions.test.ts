import { ObjectId } from 'mongodb';
import { COLLECTIONS } from '../helpers/collections';
import { createActor, startTestApp, type TestActor, type TestApp } from '../helpers/app';
import { createCategory, createContent, createVideo, storeDemoFiles } from '../helpers/catalogue';
import { expectErrorShape } from '../helpers/http';

let t: TestApp;
let admin: TestActor;
let ana: TestActor;
let bruno: TestActor;

const suggest = async (actor: TestActor, subject: string) => {
  const result = await t.call('POST', '/v1/suggestions', { token: actor.token, body: { subject, message: `Mensagem sobre ${subject}.` } });
  if (result.status !== 201) throw new Error(`sugestão não criada: ${result.status}`);
  return result.body._id as string;
};
const vote = (actor: TestActor, id: string) => t.call('POST', `/v1/suggestions/${id}/vote`, { token: actor.token });

beforeEach(async () => {
  t = await startTestApp();
  [admin, ana, bruno] = await Promise.all([createActor(t, 'ADMIN'), createActor(t), createActor(t)]);
});

afterEach(async () => {
  await t.close();
});

describe('Votes on suggestions', () => {
  test('When a member sends the same vote ten times at once, then it counts once; another member adds one more', async () => {
    const id = await suggest(ana, 'Gasometria');
    const results = await Promise.all(Array.from({ length: 10 }, () => vote(bruno, id)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    expect(results.filter((result) => result.status === 200)).toHaveLength(9);
    expect(results.every((result) => result.body.suggestion.votedByMe === true)).toBe(true);
    expect(await t.db.collection(COLLECTIONS.suggestionVotes).countDocuments({ suggestionId: new ObjectId(id) })).toBe(1);

    const second = await vote(ana, id);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ counted: true, suggestion: { _id: id, votes: 2, votedByMe: true, mine: true } });
    const again = await vote(ana, id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ counted: false, suggestion: { votes: 2 } });
  });

  test('When two members each vote in parallel, then each vote counts once (2 in total)', async () => {
    const id = await suggest(admin, 'Urinálise');
    const results = await Promise.all([...Array.from({ length: 5 }, () => vote(ana, id)), ...Array.from({ length: 5 }, () => vote(bruno, id))]);
    expect(results.filter((result) => result.status === 201)).toHaveLength(2);
    const open = await t.call('GET', '/v1/suggestions/open', { token: ana.token });
    expect(open.body.data.find((item: { _id: string }) => item._id === id).votes).toBe(2);
  });

  test('When a suggestion is done or unknown, then a vote is refused in Portuguese (409 / 404) and nothing is counted', async () => {
    const id = await suggest(ana, 'Hematologia');
    expect((await t.call('PATCH', `/v1/suggestions/${id}`, { token: admin.token, body: { status: 'DONE' } })).status).toBe(200);
    const closed = await vote(bruno, id);
    expectErrorShape(closed, 409);
    expect(closed.body.message).toBe('Esta sugestão já foi concluída e não recebe mais votos.');
    expectErrorShape(await vote(bruno, new ObjectId().toHexString()), 404);
    expect(await t.db.collection(COLLECTIONS.suggestionVotes).countDocuments({})).toBe(0);
  });
});

describe('GET /v1/suggestions/open and /mine', () => {
  test('When members list open suggestions, then the most voted come first, done ones are absent and no author is shown', async () => {
    const few = await suggest(ana, 'Poucos votos');
    const many = await suggest(bruno, 'Muitos votos');
    const done = await suggest(ana, 'Já publicada');
    await Promise.all([vote(ana, many), vote(bruno, many), vote(admin, many), vote(bruno, few)]);
    await t.call('PATCH', `/v1/suggestions/${done}`, { token: admin.token, body: { status: 'DONE' } });

    const open = await t.call('GET', '/v1/suggestions/open', { token: ana.token });
    expect(open.status).toBe(200);
    expect(open.body.meta).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    expect(open.body.data).toEqual([
      expect.objectContaining({ _id: many, votes: 3, votedByMe: true, mine: false, status: 'NEW', answer: null }),
      expect.objectContaining({ _id: few, votes: 1, votedByMe: false, mine: true }),
    ]);
    expect(JSON.stringify(open.body)).not.toContain(bruno.profile.email);
    expect(open.body.data[0]).not.toHaveProperty('userId');
    expect(open.body.data[0]).not.toHaveProperty('user');
  });

  test('When the admin links the content that answered a suggestion, then its author sees the status and the link in /mine', async () => {
    await storeDemoFiles(t.app);
    const category = await createCategory(t, admin);
    const content = await createContent(t, admin, category._id);
    const draft = await createVideo(t, admin, category._id, { status: 'DRAFT' });
    const answered = await suggest(ana, 'Coleta pediátrica');
    const hidden = await suggest(ana, 'Vídeo em preparo');
    await suggest(bruno, 'De outro membro');

    const linked = await t.call('PATCH', `/v1/suggestions/${answered}`, {
      token: admin.token,
      body: { status: 'DONE', answer: { itemType: 'CONTENT', itemId: content._id } },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ status: 'DONE', answer: { itemType: 'CONTENT', itemId: content._id, title: content.title, slug: content.slug } });
    // an unpublished answer: the admin sees it, the member does not get a dead link
    const toDraft = await t.call('PATCH', `/v1/suggestions/${hidden}`, { token: admin.token, body: { answer: { itemType: 'VIDEO', itemId: draft._id } } });
    expect(toDraft.body.answer).toMatchObject({ itemType: 'VIDEO', title: draft.title });

    const mine = await t.call('GET', '/v1/suggestions/mine', { token: ana.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((item: { _id: string }) => item._id)).toEqual([hidden, answered]);
    expect(mine.body.data[1]).toMatchObject({ status: 'DONE', mine: true, answer: { itemType: 'CONTENT', title: content.title, slug: content.slug } });
    expect(mine.body.data[0]).toMatchObject({ status: 'NEW', answer: null });

    const unlinked = await t.call('PATCH', `/v1/suggestions/${answered}`, { token: admin.token, body: { answer: null } });
    expect(unlinked.body.answer).toBeNull();
  });

  test('When the admin links an item that does not exist, then it is a 400 in Portuguese and the suggestion is unchanged', async () => {
    const id = await suggest(ana, 'Microbiologia');
    const result = await t.call('PATCH', `/v1/suggestions/${id}`, {
      token: admin.token,
      body: { status: 'READ', answer: { itemType: 'VIDEO', itemId: new ObjectId().toHexString() } },
    });
    expectErrorShape(result, 400);
    expect(result.body.message).toBe('O vídeo indicado como resposta não existe.');
    const list = await t.call('GET', '/v1/suggestions', { token: admin.token });
    expect(list.body.data[0]).toMatchObject({ _id: id, status: 'NEW', answer: null });
  });

  test('When the admin sorts by votes, then the most voted come first', async () => {
    const first = await suggest(ana, 'Primeira');
    const second = await suggest(ana, 'Segunda');
    await vote(bruno, first);
    const byVotes = await t.call('GET', '/v1/suggestions', { token: admin.token, query: { sort: 'votes' } });
    expect(byVotes.body.data.map((item: { _id: string; votes: number }) => [item._id, item.votes])).toEqual([
      [first, 1],
      [second, 0],
    ]);
    const recent = await t.call('GET', '/v1/suggestions', { token: admin.token });
    expect(recent.body.data.map((item: { _id: string }) => item._id)).toEqual([second, first]);
  });
});

import { createActor, type TestActor } from './app';
import type { BillingTestApp } from './billing';
import { createCategory, createContent } from './catalogue';
import { signIn } from './identity';
import { addTechnician, labManager } from './team';

export interface CompetenceLab {
  admin: TestActor;
  manager: TestActor;
  technician: TestActor;
  accountId: string;
  /** "POP de biossegurança": a content with a one-question quiz (pass mark 100 %, 2 attempts). */
  contentId: string;
}

/** A laboratory of 3 seats, its manager and one technician, and a content with an assessment (issue 31). */
export async function competenceLab(t: BillingTestApp, technicianName: string): Promise<CompetenceLab> {
  const admin = await createActor(t, 'ADMIN');
  const { manager } = await labManager(t, t.plans.mensal, 3);
  const technician = await addTechnician(t, manager, technicianName);
  const accountId = (await t.call('GET', '/v1/team', { token: manager.token })).body.account.id as string;
  const categoryId = (await createCategory(t, admin))._id;
  const contentId = (await createContent(t, admin, categoryId, { attachments: [], title: 'POP de biossegurança' }))._id as string;
  await t.call('PUT', `/v1/assessments/contents/${contentId}`, {
    token: admin.token,
    body: { passMarkPercent: 100, maxAttempts: 2, questions: [{ kind: 'SINGLE', text: 'Descarte de perfurocortantes?', options: [{ text: 'Caixa rígida', correct: true }, { text: 'Lixo comum', correct: false }] }] },
  });
  return { admin, manager, technician, accountId, contentId };
}

/** A token from typing the password again now (an electronic signature needs one), and the app's clock at the same moment. */
export async function reauthenticate(t: BillingTestApp, actor: TestActor): Promise<string> {
  const fresh = await signIn(actor.account.email, actor.account.password);
  t.clock.set(new Date());
  return fresh.idToken;
}

import { createActor, type TestActor, type TestApp } from './app';
import { createAccount } from './identity';
import type { PlanView } from './billing';

/** A profile laboratory with a valid CNPJ (what buying more than one seat needs). */
export const LABORATORY = {
  name: 'Laboratório Análises Vida',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 3456-7890',
  address: { cep: '01310-100', street: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
};

export async function giveLaboratory(t: TestApp, actor: TestActor, laboratory: Record<string, unknown> = LABORATORY): Promise<void> {
  const result = await t.call('PATCH', `/v1/users/${actor.id}`, { token: actor.token, body: { laboratory } });
  if (result.status !== 200) throw new Error(`laboratório: ${result.status} ${JSON.stringify(result.body)}`);
}

/** Pays the subscription's oldest open invoice through the stand-in PSP (its `/pix` callback, read back: the same path as a bank's). */
export async function payOpenInvoice(t: TestApp, actor: TestActor, subscriptionId: string): Promise<{ invoiceId: string; amountCents: number }> {
  const pix = await t.call('GET', `/v1/subscriptions/${subscriptionId}/pixQRCode`, { token: actor.token });
  if (pix.status !== 200) throw new Error(`pix: ${pix.status} ${JSON.stringify(pix.body)}`);
  const paid = await t.call('POST', `/v1/sandbox/invoices/${pix.body.invoiceId}/pay`, { token: actor.token });
  if (paid.status !== 200) throw new Error(`pagar: ${paid.status} ${JSON.stringify(paid.body)}`);
  return { invoiceId: pix.body.invoiceId, amountCents: pix.body.amountCents };
}

export interface LabManager {
  manager: TestActor;
  subscriptionId: string;
}

/** A member with a laboratory who bought `plan` for `seats` seats and paid the first invoice. */
export async function labManager(t: TestApp, plan: PlanView, seats: number, options: { pay?: boolean } = {}): Promise<LabManager> {
  const manager = await createActor(t, 'USER', 'Gestora do Laboratório');
  await giveLaboratory(t, manager);
  const sub = await t.call('POST', '/v1/subscriptions', { token: manager.token, body: { planId: plan._id, paymentMethod: 'PIX', seats } });
  if (sub.status !== 201) throw new Error(`checkout: ${sub.status} ${JSON.stringify(sub.body)}`);
  if (options.pay !== false) await payOpenInvoice(t, manager, sub.body._id);
  return { manager, subscriptionId: sub.body._id };
}

/** The token at the end of an invitation link. */
export const tokenOf = (inviteUrl: string) => inviteUrl.split('/').pop()!;

export async function invite(t: TestApp, manager: TestActor, email: string): Promise<{ id: string; token: string }> {
  const result = await t.call('POST', '/v1/team/invitations', { token: manager.token, body: { email } });
  if (result.status !== 201) throw new Error(`convite: ${result.status} ${JSON.stringify(result.body)}`);
  return { id: result.body.id, token: tokenOf(result.body.inviteUrl) };
}

/** A new person invited by `manager` who signs up with the invited e-mail and accepts. */
export async function addTechnician(t: TestApp, manager: TestActor, name = 'Técnica Convidada'): Promise<TestActor> {
  const account = await createAccount({ displayName: name });
  const invitation = await invite(t, manager, account.email);
  const created = await t.call('POST', '/v1/users', { token: account.idToken, body: {} });
  if (created.status !== 201) throw new Error(`perfil: ${created.status}`);
  const technician: TestActor = { account, token: account.idToken, id: created.body._id, profile: created.body };
  const accepted = await t.call('POST', `/v1/team/invitations/by-token/${invitation.token}/accept`, { token: technician.token });
  if (accepted.status !== 200) throw new Error(`aceitar: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return technician;
}

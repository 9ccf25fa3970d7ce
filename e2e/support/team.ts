import { api } from './account';
import { createMember } from './certificates';
import { API_URL } from './stack';

// Laboratory accounts set up through the real API, so each browser test of the team starts from its
// own laboratory and people instead of what an earlier test left behind.

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** A person with an emulator account and a profile, onboarding done: ready to sign in through the pages. */
export interface Member extends Person {
  token: string;
  id: string;
}

export interface LabAccount {
  name: string;
  manager: Member;
}

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Someone no other test has used: `label` plus a unique suffix, and an e-mail made from both. */
export function newPerson(label: string): Person {
  const unique = uniqueSuffix();
  const slug = label.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return { name: `${label} ${unique}`, email: `${slug}.${unique}@lab.test`, password: 'Segura#2026' };
}

/** Calls the API under test and fails with the answer when the status is not `expected`. */
export async function call<T>(method: string, path: string, token: string, body: unknown, expected: number): Promise<T> {
  const result = await api<T>(method, path, token, body);
  if (result.status !== expected) throw new Error(`${method} /v1${path} respondeu ${result.status}: ${JSON.stringify(result.body)}`);
  return result.body;
}

export async function newMember(label: string): Promise<Member> {
  const person = newPerson(label);
  return { ...person, ...(await createMember(API_URL, person)) };
}

/**
 * A new laboratory whose manager bought `planId` for `seats` seats and paid the PIX through the
 * stand-in PSP: a laboratory account with the manager in one seat and the rest free.
 */
export async function newLabAccount(planId: string, seats = 3): Promise<LabAccount> {
  const name = `Laboratório Equipe ${uniqueSuffix()}`;
  const manager = await newMember('Gestora');
  const laboratory = {
    name,
    cnpj: '11.222.333/0001-81',
    phone: '(11) 3456-7890',
    address: { cep: '01310-100', street: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  };
  await call('PATCH', `/users/${manager.id}`, manager.token, { laboratory }, 200);
  const subscription = await call<{ _id: string }>('POST', '/subscriptions', manager.token, { planId, paymentMethod: 'PIX', seats }, 201);
  await payPix(manager.token, (await openPix(manager.token, subscription._id)).invoiceId);
  return { name, manager };
}

export interface Pix {
  invoiceId: string;
  /** The copy-and-paste code. */
  payload: string;
  amountCents: number;
}

/** The PIX the API serves for the subscription's open invoice. */
export function openPix(token: string, subscriptionId: string): Promise<Pix> {
  return call<Pix>('GET', `/subscriptions/${subscriptionId}/pixQRCode`, token, undefined, 200);
}

/** Pays the invoice through the stand-in PSP (its payer pays; its API Pix callback reaches the API), as the bank would. */
export async function payPix(token: string, invoiceId: string): Promise<void> {
  await call('POST', `/sandbox/invoices/${invoiceId}/pay`, token, undefined, 200);
}

/** The manager's invitation link for `email` (on the shell under test: PUBLIC_WEB_URL). */
export async function invite(lab: LabAccount, email: string): Promise<string> {
  return (await call<{ inviteUrl: string }>('POST', '/team/invitations', lab.manager.token, { email }, 201)).inviteUrl;
}

/** A technician in one of the laboratory's seats: signed up, invited and accepted. */
export async function newTechnician(lab: LabAccount): Promise<Member> {
  const technician = await newMember('Técnico');
  const token = new URL(await invite(lab, technician.email)).pathname.split('/').pop();
  await call('POST', `/team/invitations/by-token/${token}/accept`, technician.token, undefined, 200);
  return technician;
}

/**
 * The member finishes a short video as the player reports it (the start, then the end 2 s later: the
 * server credits up to twice the clock plus 3 s) and gets its certificate: the code.
 */
export async function finishVideo(member: Member, slug: string, durationSeconds: number): Promise<string> {
  const video = await call<{ _id: string }>('GET', `/videos/${slug}`, member.token, undefined, 200);
  const report = (positionSeconds: number) => call<{ finished: boolean }>('PUT', `/me/progress/videos/${video._id}`, member.token, { positionSeconds, durationSeconds }, 200);
  await report(0);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  if (!(await report(durationSeconds)).finished) throw new Error(`o vídeo ${slug} não ficou concluído`);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { data } = await call<{ data: Array<{ code: string; videoId: string }> }>('GET', '/me/certificates', member.token, undefined, 200);
    const certificate = data.find((item) => item.videoId === video._id);
    if (certificate) return certificate.code;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`nenhum certificado emitido para ${slug}`);
}

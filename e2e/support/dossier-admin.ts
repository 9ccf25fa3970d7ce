import type { Locator, Page } from 'playwright-core';

// The admin's "Documento" and "Avaliação" sections of a video's or content's editor (issue 31,
// remote-admin/src/catalogue/dossier), driven through the pages as an admin would. The page must be
// signed in as an admin. Journeys (e.g. the dossier's "Done when") call these instead of the API.

export type CatalogueItemKind = 'videos' | 'contents';

export interface QuizQuestionInput {
  kind: 'SINGLE' | 'MULTIPLE';
  text: string;
  explanation?: string;
  options: { text: string; correct: boolean }[];
}

export interface QuizInput {
  passMarkPercent: number;
  maxAttempts: number;
  /** Default: as the editor has it (a new quiz: shuffled). */
  shuffle?: boolean;
  questions: QuizQuestionInput[];
}

export interface RevisionInput {
  /** Needed only for the item's first revision; a later one keeps the code in force. */
  documentCode?: string;
  /** Default: the page's own suggestion (the revision in force + 1, or 1). */
  revision?: number;
  /** AAAA-MM-DD; default today. */
  effectiveDate?: string;
  changeSummary: string;
  /** Days the team has to do the new revision (default 30); ignored for the first revision. */
  dueInDays?: number;
}

const EDITOR_PATH: Record<CatalogueItemKind, string> = { videos: '/admin/videos/editar', contents: '/admin/conteudo/editar' };

/** Opens the item's editor and waits for its "Documento" and "Avaliação" sections to load. */
export async function openDossierSections(page: Page, shellUrl: string, kind: CatalogueItemKind, itemId: string): Promise<void> {
  await page.goto(`${shellUrl}${EDITOR_PATH[kind]}/${itemId}`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { level: 2, name: 'Documento', exact: true }).waitFor({ timeout: 20000 });
  await section(page, 'Documento').getByRole('button', { name: /^(Registrar documento|Publicar nova revisão)$/ }).waitFor({ timeout: 20000 });
  await section(page, 'Avaliação').getByRole('button', { name: /^(Criar|Salvar) avaliação$/ }).waitFor({ timeout: 20000 });
}

/** A section of the editor, by its heading. */
function section(page: Page, heading: 'Documento' | 'Avaliação'): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
}

async function fillNumber(scope: Locator, label: string, value: number | undefined): Promise<void> {
  if (value !== undefined) await scope.getByLabel(label, { exact: true }).fill(String(value));
}

/**
 * Writes the quiz in "Avaliação" (replacing the questions shown) and saves it: "Avaliação criada" or
 * "Avaliação salva". Opens the editor first when `itemId` is given.
 */
export async function attachQuizThroughPage(page: Page, shellUrl: string, kind: CatalogueItemKind, itemId: string, quiz: QuizInput): Promise<void> {
  await openDossierSections(page, shellUrl, kind, itemId);
  const card = section(page, 'Avaliação');
  await fillNumber(card, 'Nota mínima (%)', quiz.passMarkPercent);
  await fillNumber(card, 'Tentativas por revisão', quiz.maxAttempts);
  if (quiz.shuffle !== undefined) await card.getByLabel('Embaralhar as perguntas e as opções em cada tentativa', { exact: true }).setChecked(quiz.shuffle);
  // Start from one question: remove what the editor shows beyond it.
  while ((await card.getByRole('button', { name: /^Remover pergunta \d+$/ }).count()) > 1) await card.getByRole('button', { name: /^Remover pergunta \d+$/ }).last().click();
  for (const [index, question] of quiz.questions.entries()) {
    const n = index + 1;
    if (index > 0) await card.getByRole('button', { name: 'Adicionar pergunta', exact: true }).click();
    await card.getByRole('group', { name: `Tipo da pergunta ${n}`, exact: true }).getByLabel(question.kind === 'SINGLE' ? 'Escolha única' : 'Múltipla escolha', { exact: true }).check();
    await card.getByLabel(`Texto da pergunta ${n}`, { exact: true }).fill(question.text);
    const optionRows = () => card.getByRole('button', { name: new RegExp(`^Remover a opção \\d+ da pergunta ${n}$`) });
    while ((await optionRows().count()) < question.options.length) await card.getByRole('button', { name: `Adicionar opção à pergunta ${n}`, exact: true }).click();
    while ((await optionRows().count()) > question.options.length) await optionRows().last().click();
    for (const [option, { text, correct }] of question.options.entries()) {
      await card.getByLabel(`Opção ${option + 1} da pergunta ${n}`, { exact: true }).fill(text);
      await card.getByLabel(`Opção ${option + 1} da pergunta ${n} é correta`, { exact: true }).setChecked(correct);
    }
    await card.getByLabel(`Explicação da pergunta ${n} (opcional)`, { exact: true }).fill(question.explanation ?? '');
  }
  await card.getByRole('button', { name: /^(Criar|Salvar) avaliação$/ }).click();
  await page.getByText(/^Avaliação (criada|salva)$/).waitFor({ timeout: 20000 });
}

/**
 * Registers the item's document (first revision) or publishes a new revision in "Documento", confirms
 * in the dialog and waits for "Revisão vigente: … rev. N". Answers what the confirmation said (who the
 * new revision reaches, as the API counted it) and the label in force.
 */
export async function publishRevisionThroughPage(page: Page, shellUrl: string, kind: CatalogueItemKind, itemId: string, input: RevisionInput): Promise<{ confirmation: string; label: string }> {
  await openDossierSections(page, shellUrl, kind, itemId);
  const card = section(page, 'Documento');
  const code = card.getByLabel('Código do documento', { exact: true });
  if (await code.count()) {
    if (!input.documentCode) throw new Error('A primeira revisão do item precisa do código do documento.');
    await code.fill(input.documentCode);
  }
  await fillNumber(card, 'Número da revisão', input.revision);
  if (input.effectiveDate) await card.getByLabel('Vigente desde', { exact: true }).fill(input.effectiveDate);
  const summary = card.getByLabel(/^(O que mudou|Resumo da revisão)$/);
  await summary.fill(input.changeSummary);
  const due = card.getByLabel('Prazo para a equipe refazer (dias)', { exact: true });
  if (input.dueInDays !== undefined && (await due.count())) await due.fill(String(input.dueInDays));
  const action = card.getByRole('button', { name: /^(Registrar documento|Publicar nova revisão)$/ });
  const actionName = (await action.textContent())?.trim() ?? '';
  await action.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 10000 });
  // Wait for the API's count of who the revision reaches (a new revision only).
  await dialog.getByText('Contando as pessoas atingidas', { exact: false }).waitFor({ state: 'detached', timeout: 10000 });
  const confirmation = (await dialog.locator('.clube-dialog__description').textContent())?.trim() ?? '';
  await dialog.getByRole('button', { name: actionName, exact: true }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 20000 });
  const status = card.getByText(/^Revisão vigente:/);
  await status.waitFor({ timeout: 20000 });
  const label = (await status.locator('strong').textContent())?.trim() ?? '';
  return { confirmation, label };
}

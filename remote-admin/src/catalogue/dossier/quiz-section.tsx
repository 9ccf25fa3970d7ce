import { CheckboxField, FieldErrorMessage, RadioGroupField, TextField, TextareaField } from '@clube/kit/forms/fields';
import { Form, FormAlert, SubmitButton, useZodForm } from '@clube/kit/forms/form';
import { ConfirmDialog } from '@clube/kit/ui/dialog';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { Button, Card, ErrorState, toast, type CatalogueKind } from '@clube/platform';
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useQuiz, useRemoveQuiz, useSaveQuiz, type Quiz } from './api/quiz';
import { MAX_OPTIONS, MAX_QUESTIONS, emptyQuestion, quizBody, quizSchema, quizValues, type QuizValues } from './quiz-form';

/** One question's options: text and "correct" each; in a single-choice question, marking one unmarks the others. */
function OptionsField({ question }: { question: number }) {
  const { setValue, getValues } = useFormContext<QuizValues>();
  const { fields, append, remove } = useFieldArray<QuizValues, `questions.${number}.options`>({ name: `questions.${question}.options` });
  const kind = useWatch<QuizValues, `questions.${number}.kind`>({ name: `questions.${question}.kind` });
  const name = `questions.${question}.options` as const;

  function onCorrect(option: number, checked: boolean) {
    if (kind !== 'SINGLE' || !checked) return;
    getValues(name).forEach((_, other) => {
      if (other !== option) setValue(`${name}.${other}.correct`, false, { shouldDirty: true });
    });
  }

  return (
    <fieldset className="admin-fieldset">
      <legend>Opções da pergunta {question + 1}</legend>
      <ol className="admin-list admin-form__block">
        {fields.map((field, option) => (
          <li key={field.id} className="admin-quiz-option">
            <TextField name={`${name}.${option}.text`} label={`Opção ${option + 1} da pergunta ${question + 1}`} maxLength={500} />
            <CheckboxField
              name={`${name}.${option}.correct`}
              label="Correta"
              aria-label={`Opção ${option + 1} da pergunta ${question + 1} é correta`}
              registerOptions={{ onChange: (event: { target: { checked: boolean } }) => onCorrect(option, event.target.checked) }}
            />
            <Button variant="secondary" onClick={() => remove(option)} aria-label={`Remover a opção ${option + 1} da pergunta ${question + 1}`}>
              Remover
            </Button>
          </li>
        ))}
      </ol>
      <FieldErrorMessage name={name} />
      <FieldErrorMessage name={`${name}.root`} />
      <Button variant="secondary" onClick={() => append({ text: '', correct: false })} disabled={fields.length >= MAX_OPTIONS}>
        Adicionar opção à pergunta {question + 1}
      </Button>
    </fieldset>
  );
}

function QuestionsField() {
  const { fields, append, remove } = useFieldArray<QuizValues, 'questions'>({ name: 'questions' });
  return (
    <>
      <ol className="admin-list admin-form__block">
        {fields.map((field, index) => (
          <li key={field.id} className="admin-quiz-question">
            <h3 className="admin-quiz-question__title">Pergunta {index + 1}</h3>
            <RadioGroupField
              name={`questions.${index}.kind`}
              label={`Tipo da pergunta ${index + 1}`}
              options={[
                { value: 'SINGLE', label: 'Escolha única' },
                { value: 'MULTIPLE', label: 'Múltipla escolha' },
              ]}
            />
            <TextareaField name={`questions.${index}.text`} label={`Texto da pergunta ${index + 1}`} rows={2} maxLength={1000} />
            <OptionsField question={index} />
            <TextareaField
              name={`questions.${index}.explanation`}
              label={`Explicação da pergunta ${index + 1} (opcional)`}
              hint="Mostrada com o gabarito, depois que a pessoa envia as respostas."
              rows={2}
              maxLength={2000}
            />
            <Button variant="secondary" onClick={() => remove(index)} aria-label={`Remover pergunta ${index + 1}`}>
              Remover pergunta
            </Button>
          </li>
        ))}
      </ol>
      <FieldErrorMessage name="questions" />
      <FieldErrorMessage name="questions.root" />
      <Button variant="secondary" onClick={() => append(emptyQuestion())} disabled={fields.length >= MAX_QUESTIONS}>
        Adicionar pergunta
      </Button>
    </>
  );
}

function QuizForm({ kind, itemId, quiz }: { kind: CatalogueKind; itemId: string; quiz: Quiz | null }) {
  const save = useSaveQuiz(kind, itemId);
  const removal = useRemoveQuiz(kind, itemId);
  const [removing, setRemoving] = useState(false);
  const form = useZodForm(quizSchema, { defaultValues: quizValues(quiz) });

  async function onSubmit(values: Parameters<typeof quizBody>[0]) {
    const saved = await save.mutateAsync(quizBody(values));
    form.reset(quizValues(saved));
    toast({ variant: 'success', title: quiz ? 'Avaliação salva' : 'Avaliação criada', description: `Versão ${saved.version}: ${saved.questions.length} pergunta(s).` });
  }

  return (
    <>
    <Form form={form} onSubmit={onSubmit} className="admin-form">
      <FormAlert />
      {quiz ? (
        <p role="status">
          Avaliação na versão {quiz.version}: {quiz.questions.length} pergunta(s), nota mínima {quiz.passMarkPercent} %, {quiz.maxAttempts} tentativa(s) por revisão do documento
          {quiz.shuffle ? ', embaralhada' : ', na ordem escrita'}.
        </p>
      ) : (
        <p className="admin-note">Este item ainda não tem avaliação. Com uma avaliação, o item só fica concluído (e o certificado só sai) quando a pessoa é aprovada.</p>
      )}
      <div className="admin-form__row">
        <TextField name="passMarkPercent" label="Nota mínima (%)" inputMode="numeric" hint="De 1 a 100." />
        <TextField name="maxAttempts" label="Tentativas por revisão" inputMode="numeric" hint={`De 1 a 20. Uma nova revisão do documento dá novas tentativas.`} />
      </div>
      <CheckboxField name="shuffle" label="Embaralhar as perguntas e as opções em cada tentativa" hint="Sem embaralhar, todos veem a ordem em que estão aqui." />
      <p className="admin-note admin-form__block">A nota é calculada no servidor, e o gabarito só aparece para a pessoa depois que ela envia as respostas.</p>
      <QuestionsField />
      <section className="admin-form__block" aria-labelledby="quiz-changes-title">
        <h3 id="quiz-changes-title" className="admin-quiz-question__title">
          O que acontece ao mudar a avaliação
        </h3>
        <ul className="admin-note">
          <li>Cada tentativa guarda as perguntas e a nota mínima de quando começou: as tentativas já feitas e as notas não mudam.</li>
          <li>Uma tentativa em andamento continua com as perguntas antigas; as próximas usam as novas.</li>
          <li>Quem já foi aprovado continua aprovado. As tentativas usadas continuam contando (o novo limite vale daqui em diante).</li>
          <li>Para exigir que todos façam de novo, publique uma nova revisão do documento (seção Documento).</li>
        </ul>
      </section>
      <div className="admin-form__row">
        <SubmitButton>{quiz ? 'Salvar avaliação' : 'Criar avaliação'}</SubmitButton>
        {quiz && (
          <Button variant="danger" onClick={() => setRemoving(true)}>
            Remover avaliação
          </Button>
        )}
      </div>
    </Form>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remover a avaliação?"
        message="O item deixa de ter avaliação: as tentativas feitas continuam no histórico de cada pessoa e no dossiê, e as aprovações continuam valendo."
        confirmLabel="Remover avaliação"
        tone="danger"
        onConfirm={async () => {
          await removal.mutateAsync();
          form.reset(quizValues(null));
          toast({ variant: 'success', title: 'Avaliação removida' });
        }}
      />
    </>
  );
}

/** "Avaliação": the quiz of a video or content (issue 31), created, changed or removed by the admin. */
export function QuizSection({ kind, itemId }: { kind: CatalogueKind; itemId: string }) {
  const quiz = useQuiz(kind, itemId);
  return (
    <Card>
      <section aria-labelledby="quiz-title">
        <h2 id="quiz-title" className="admin-card-title">
          Avaliação
        </h2>
        {quiz.isPending ? (
          <Skeleton lines={4} label="Carregando a avaliação…" />
        ) : quiz.isError ? (
          <ErrorState message={quiz.error.message} onRetry={() => void quiz.refetch()} />
        ) : (
          <QuizForm key={quiz.data?.version ?? 'new'} kind={kind} itemId={itemId} quiz={quiz.data} />
        )}
      </section>
    </Card>
  );
}

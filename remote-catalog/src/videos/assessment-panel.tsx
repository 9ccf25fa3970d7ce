import { messageOf } from '@clube/kit/forms/form';
import { Badge } from '@clube/kit/ui/badge';
import { Button } from '@clube/platform';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAssessment, useStartAttempt, useSubmitAttempt, type GradedAttempt, type OpenAttempt } from './api/assessment';

/**
 * The video's assessment (issue 31): after watching to the end, the member answers the questions
 * (shuffled by the server, no key on the page); the server grades; the result shows the score
 * against the pass mark, the key with its explanations and — when passed — the certificate.
 */
export function AssessmentPanel({ videoId, finished }: { videoId: string; finished: boolean }) {
  const view = useAssessment(videoId, true);
  const start = useStartAttempt(videoId);
  const submit = useSubmitAttempt(videoId);
  const [attempt, setAttempt] = useState<OpenAttempt | null>(null);
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<GradedAttempt | null>(null);

  if (!view.data) return null;
  const rules = view.data;

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (opened) => {
        setAttempt(opened);
        setChosen({});
        setResult(null);
      },
    });
  const toggle = (questionId: string, optionId: string, single: boolean) =>
    setChosen((current) => {
      const picked = current[questionId] ?? [];
      const next = single ? [optionId] : picked.includes(optionId) ? picked.filter((id) => id !== optionId) : [...picked, optionId];
      return { ...current, [questionId]: next };
    });
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!attempt) return;
    const answers = attempt.questions.map((question) => ({ questionId: question.id, optionIds: chosen[question.id] ?? [] }));
    submit.mutate(
      { attemptId: attempt.id, answers },
      {
        onSuccess: (graded) => {
          setResult(graded);
          setAttempt(null);
        },
      },
    );
  };
  const error = start.error ?? submit.error;

  return (
    <section className="catalog-section" aria-labelledby="assessment-title">
      <h2 id="assessment-title" className="catalog-section__title">
        Avaliação
      </h2>
      <p>
        Nota mínima {rules.passMarkPercent} % · {rules.questionCount} pergunta(s) · tentativas restantes nesta revisão: {rules.attemptsLeft} de {rules.maxAttempts}
        {rules.passed && (
          <>
            {' '}
            <Badge tone="success">Aprovado</Badge>
          </>
        )}
      </p>
      {error && <p role="alert">{messageOf(error)}</p>}
      {result && (
        <div role="status" aria-label="Resultado da avaliação">
          <p>
            <strong>{result.passed ? `Aprovado com ${result.scorePercent} %` : `Não aprovado: ${result.scorePercent} % (mínimo ${result.passMarkPercent} %)`}</strong>
            {result.certificateCode && (
              <>
                {' '}
                <Link to={`/certificados/${result.certificateCode}`}>Ver o certificado</Link>
              </>
            )}
          </p>
          <ol>
            {result.questions.map((question) => (
              <li key={question.id}>
                {question.text} — {question.right ? 'certa' : 'errada'}. Resposta: {question.options.filter((o) => o.correct).map((o) => o.text).join('; ')}.
                {question.explanation && ` ${question.explanation}`}
              </li>
            ))}
          </ol>
        </div>
      )}
      {attempt ? (
        <form onSubmit={send} aria-label={`Tentativa ${attempt.number}`}>
          {attempt.questions.map((question, index) => (
            <fieldset key={question.id}>
              <legend>
                {index + 1}. {question.text} {question.kind === 'MULTIPLE' ? '(marque todas as corretas)' : ''}
              </legend>
              {question.options.map((option) => (
                <label key={option.id} style={{ display: 'block' }}>
                  <input
                    type={question.kind === 'SINGLE' ? 'radio' : 'checkbox'}
                    name={question.id}
                    checked={(chosen[question.id] ?? []).includes(option.id)}
                    onChange={() => toggle(question.id, option.id, question.kind === 'SINGLE')}
                  />{' '}
                  {option.text}
                </label>
              ))}
            </fieldset>
          ))}
          <Button type="submit" disabled={submit.isPending}>
            Enviar respostas
          </Button>
        </form>
      ) : (
        !rules.passed &&
        (finished ? (
          <Button onClick={begin} disabled={start.isPending || rules.attemptsLeft === 0}>
            {rules.openAttemptId ? 'Continuar a avaliação' : 'Fazer a avaliação'}
          </Button>
        ) : (
          <p>Assista ao vídeo até o fim para fazer a avaliação; o certificado sai quando você for aprovado.</p>
        ))
      )}
    </section>
  );
}

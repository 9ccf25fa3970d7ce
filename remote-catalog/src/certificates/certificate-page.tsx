import { ApiError, Button, Input, PageLayout, formatDate, useConfig, type ApiResponse } from '@clube/platform';
import { Badge } from '@clube/kit/ui/badge';
import { Skeleton } from '@clube/kit/ui/skeleton';
import { formatCnpj } from '@clube/kit/brazilian/masks';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ItemPage } from '../shared/item-page';
import { certificateFileUrls, useCertificate } from './api/get-certificate';
import './certificate.css';

type Certificate = ApiResponse<'/v1/certificates/{code}'>;

/**
 * `/certificados/{code}`: the public check of a certificate of completion (the QR code on the PDF
 * opens it). Anyone, signed in or not, sees whether it is genuine, who finished what and when, the
 * laboratory, and — after a name correction — which version is the current one.
 */
export function CertificatePage() {
  const { code = '' } = useParams();
  const certificate = useCertificate(code);
  const { apiUrl } = useConfig();

  if (certificate.error instanceof ApiError && certificate.error.statusCode === 404) return <CertificateNotFound code={code} />;
  return (
    <ItemPage
      item={certificate}
      loading={{ title: 'Verificando o certificado…', placeholder: <Skeleton lines={6} label="Verificando o certificado…" /> }}
      failed={{ title: 'Verificação de certificado', heading: 'Não foi possível verificar o certificado agora' }}
    >
      {(data) => <ValidCertificate data={data} apiUrl={apiUrl} />}
    </ItemPage>
  );
}

/** The heading and description per status (issue 31): authentic in every case; whether it still counts is the status. */
const VERDICTS: Record<Certificate['status'], { title: string; description: string }> = {
  VALID: { title: 'Certificado válido', description: 'Este certificado de conclusão foi emitido pelo Clube e é autêntico.' },
  SUPERSEDED: {
    title: 'Certificado substituído',
    description: 'Autêntico, mas o documento que ele comprova ganhou uma nova revisão: o titular precisa concluir a revisão em vigor.',
  },
  EXPIRED: { title: 'Certificado vencido', description: 'Autêntico, mas a validade da qualificação passou: o titular precisa ser reavaliado.' },
  REVOKED: { title: 'Certificado revogado', description: 'Este certificado foi revogado por um registro assinado e não comprova mais a conclusão.' },
};

function ValidCertificate({ data, apiUrl }: { data: Certificate; apiUrl: string }) {
  const files = certificateFileUrls(apiUrl, data.code);
  const latest = data.history[data.history.length - 1];
  const verdict = VERDICTS[data.status];
  return (
    <PageLayout title={verdict.title} description={verdict.description}>
      <div className={`certificate__verdict${data.current ? '' : ' certificate__verdict--superseded'}`}>
        <Badge tone={data.current ? 'success' : 'warning'}>{data.current ? 'Versão atual' : `Versão ${data.version} de ${latest?.version ?? data.version}`}</Badge>
        {data.current ? (
          <p className="certificate__verdict-title">Autêntico: {data.holderName} concluiu este vídeo.</p>
        ) : (
          <div>
            <p className="certificate__verdict-title">Substituído pela versão {latest?.version}</p>
            <p>
              {data.status === 'SUPERSEDED'
                ? 'Esta versão continua autêntica; o titular concluiu depois a nova revisão do documento.'
                : 'Esta versão continua autêntica, mas o nome do titular foi corrigido depois.'}{' '}
              {latest && <Link to={`/certificados/${latest.code}`}>Ver a versão {latest.version} (atual)</Link>}
            </p>
          </div>
        )}
      </div>

      <div className="certificate catalog-section">
        <section aria-labelledby="certificate-facts">
          <h2 id="certificate-facts" className="catalog-section__title">
            Dados do certificado
          </h2>
          <dl className="certificate__facts">
            <dt>Titular</dt>
            <dd>{data.holderName}</dd>
            <dt>Vídeo concluído</dt>
            <dd>{data.videoTitle}</dd>
            <dt>Carga horária</dt>
            <dd>{data.workload}</dd>
            <dt>Concluído em</dt>
            <dd>{formatDate(data.completedAt)}</dd>
            <dt>Laboratório</dt>
            <dd>{data.laboratory ? `${data.laboratory.name} — CNPJ ${formatCnpj(data.laboratory.cnpj)}` : 'Não informado'}</dd>
            <dt>Situação</dt>
            <dd>
              <Badge tone={data.status === 'VALID' ? 'success' : data.status === 'REVOKED' ? 'danger' : 'warning'}>{data.statusLabel}</Badge>
            </dd>
            {data.document && (
              <>
                <dt>Documento</dt>
                <dd>
                  {data.document.label}
                  {data.currentRevision !== null && data.currentRevision !== data.document.revision && ` (em vigor: rev. ${data.currentRevision})`}
                </dd>
              </>
            )}
            {data.validUntil && (
              <>
                <dt>Válido até</dt>
                <dd>{formatDate(data.validUntil)}</dd>
              </>
            )}
            <dt>Código</dt>
            <dd className="certificate__code">{data.code}</dd>
            <dt>Versão</dt>
            <dd>
              {data.version}, emitida em {formatDate(data.issuedAt)}
            </dd>
          </dl>
        </section>
        <aside className="certificate__aside" aria-label="QR code e PDF">
          <img className="certificate__qr" src={files.qr} width={180} height={180} alt={`QR code com o endereço desta página (código ${data.code})`} />
          <a className="clube-button clube-button--primary" href={files.pdf} download={`certificado-${data.code}.pdf`}>
            Baixar PDF
          </a>
        </aside>
      </div>

      <section className="catalog-section" aria-labelledby="certificate-history">
        <h2 id="certificate-history" className="catalog-section__title">
          Histórico de versões
        </h2>
        {data.history.length === 1 ? (
          <p>Versão única: o nome do titular nunca foi corrigido.</p>
        ) : (
          <ol className="certificate__history">
            {data.history.map((version) => {
              const isLatest = version.code === latest?.code;
              const isThis = version.code === data.code;
              return (
                <li key={version.code} aria-current={isThis ? 'true' : undefined}>
                  <strong>Versão {version.version}</strong>
                  <span>
                    {version.holderName}, emitida em {formatDate(version.issuedAt)}
                  </span>
                  {isLatest ? <Badge tone="success">Atual</Badge> : <Badge tone="neutral">Substituída</Badge>}
                  {isThis ? <span>(esta página)</span> : <Link to={`/certificados/${version.code}`}>Ver versão {version.version}</Link>}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </PageLayout>
  );
}

/** An unknown code: what to check, and a field to try another one. */
function CertificateNotFound({ code }: { code: string }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    if (next) navigate(`/certificados/${encodeURIComponent(next)}`);
  };
  return (
    <PageLayout title="Certificado não encontrado" description="Não há certificado do Clube com este código.">
      <div className="clube-state">
        <p className="clube-state__message">
          O código <strong className="certificate__code">{code}</strong> não corresponde a nenhum certificado emitido pelo Clube. Confira se ele
          tem 10 letras e números, exatamente como aparece no certificado, ao lado do QR code, ou leia o QR code de novo. Se o certificado
          foi apresentado como documento, ele pode ter sido alterado: peça ao titular uma cópia baixada do Clube.
        </p>
        <form className="certificate__lookup" onSubmit={submit} aria-label="Verificar outro código">
          <Input label="Código do certificado" value={typed} onChange={(event) => setTyped(event.target.value)} maxLength={20} autoComplete="off" />
          <Button type="submit">Verificar</Button>
        </form>
      </div>
    </PageLayout>
  );
}

import { PageLayout } from '@clube/platform';
import { Link } from 'react-router-dom';

/** `/certificados/{code}`: the public check of a certificate arrives with the certificates (issue 16). */
export function CertificatePage() {
  return (
    <PageLayout title="Verificação de certificados em breve" description="Em breve você poderá conferir aqui se um certificado do Clube é verdadeiro.">
      <p>
        <Link to="/">Voltar para o início</Link>
      </p>
    </PageLayout>
  );
}

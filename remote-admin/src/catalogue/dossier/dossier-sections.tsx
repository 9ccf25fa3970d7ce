import type { CatalogueKind } from '@clube/platform';
import { DocumentSection } from './document-section';
import { QuizSection } from './quiz-section';

/**
 * The competence dossier's parts of a saved video or content (issue 31): its controlled document
 * (code, revision, history) and its assessment. Loaded as its own chunk, after the item's editor.
 */
export default function DossierSections({ kind, itemId }: { kind: CatalogueKind; itemId: string }) {
  return (
    <>
      <DocumentSection kind={kind} itemId={itemId} />
      <QuizSection kind={kind} itemId={itemId} />
    </>
  );
}

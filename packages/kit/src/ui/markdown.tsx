import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';
import './kit.css';

// Links written by admins open in a new tab without handing it a reference to this page.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')?.match(/^https?:/)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Markdown to safe HTML: `marked` parses (GitHub flavour), DOMPurify removes what could run code
 * (`<script>`, `on…` handlers, `javascript:` links) or escape the page (`<style>`, forms).
 */
export function renderMarkdown(source: string): string {
  // With `async: false` marked returns a string (its types still say it may be a promise).
  const html = marked.parse(source, { async: false, gfm: true }) as string;
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'], FORBID_ATTR: ['style'] });
}

/** A content's or video's body, written in Markdown by an admin. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className={['clube-markdown', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}

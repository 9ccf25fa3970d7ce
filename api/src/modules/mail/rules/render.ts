import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactElement } from 'react';
import type { MessageContent } from './templates';

/** The club's colours (packages/platform's theme: primary #0b6e4f). */
const PRIMARY = '#0b6e4f';
const INK = '#1f2933';

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

export interface RenderOptions {
  /** Non-essential messages: where the member turns this kind of message off. */
  preferencesUrl?: string;
}

/** One layout for every message: a single 560px column that narrows on a phone, no tracking pixel. */
function layout(content: MessageContent, options: RenderOptions): ReactElement {
  const text = { color: INK, fontSize: '16px', lineHeight: '24px' };
  return h(
    Html,
    { lang: 'pt-BR' },
    h(Head, null),
    h(Preview, null, content.preview),
    h(
      Body,
      { style: { backgroundColor: '#f4f6f8', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 } },
      h(
        Container,
        { style: { maxWidth: '560px', width: '100%', backgroundColor: '#ffffff', padding: '24px' } },
        h(Text, { style: { color: PRIMARY, fontSize: '20px', fontWeight: 'bold', margin: '0 0 16px' } }, 'Clube'),
        h(Heading, { as: 'h1', style: { color: INK, fontSize: '22px' } }, content.heading),
        ...content.paragraphs.map((paragraph, index) => h(Text, { key: `p${index}`, style: text }, paragraph)),
        content.image ? h(Img, { src: `cid:${content.image.cid}`, alt: content.image.alt, width: 200, height: 200 }) : null,
        content.code
          ? h(
              Section,
              null,
              h(Text, { style: { ...text, fontWeight: 'bold' } }, `${content.code.label}:`),
              h(Text, { style: { fontFamily: 'monospace', fontSize: '13px', wordBreak: 'break-all', backgroundColor: '#f4f6f8', padding: '12px' } }, content.code.value),
            )
          : null,
        content.button
          ? h(
              Button,
              { href: content.button.url, style: { backgroundColor: PRIMARY, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontWeight: 'bold' } },
              content.button.label,
            )
          : null,
        content.button ? h(Text, { style: { ...text, fontSize: '13px' } }, `Se o botão não abrir, copie este endereço: ${content.button.url}`) : null,
        h(Hr, null),
        h(
          Text,
          { style: { color: '#6b7280', fontSize: '12px' } },
          'Clube — e-mail automático, não responda. ',
          options.preferencesUrl ? h(Link, { href: options.preferencesUrl, style: { color: PRIMARY } }, 'Deixar de receber este tipo de e-mail') : null,
        ),
      ),
    ),
  );
}

/** HTML and its plain-text alternative (react-email's own conversion). */
export async function renderMessage(content: MessageContent, options: RenderOptions = {}): Promise<RenderedMessage> {
  const element = layout(content, options);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text };
}

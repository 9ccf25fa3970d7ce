import QRCode from 'qrcode';
import { formatCnpj, formatDate, formatWatchTime } from '../../http/format';
import { createPdfDocument, PDF_FONTS, renderPdf } from '../../http/pdf';
import type { CertificateDocument } from './documents';

/** The public page that says whether a certificate is genuine (catalog remote, `/certificados/{code}`). */
export function certificateUrl(publicWebUrl: string, code: string): string {
  return `${publicWebUrl}/certificados/${code}`;
}

/**
 * The QR code of the page's address, as a PNG. Error correction M, as the PIX codes: read well
 * from paper and from a screen. Adaptive row filters buy nothing on a two-colour image.
 */
export function certificateQrPng(url: string, width = 360): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width, rendererOpts: { filterType: 0 } } as QRCode.QRCodeToBufferOptions);
}

const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#0f766e';

export interface CertificatePdfInput {
  certificate: CertificateDocument;
  url: string;
  /** When this version was replaced by a correction: the current version's number and code. */
  replacedBy: { version: number; code: string } | null;
}

/**
 * The certificate as a one-page A4 landscape PDF (pdfkit with the embedded Unicode font of
 * http/pdf.ts: any holder's name prints). Everything a reader or an auditor needs is text, so it
 * can be searched and copied: title, holder, video, workload, date, laboratory and CNPJ, code and
 * the address the QR code points at.
 */
export async function renderCertificatePdf({ certificate, url, replacedBy }: CertificatePdfInput): Promise<Buffer> {
  const qr = await certificateQrPng(url, 300);
  const doc = createPdfDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `Certificado de conclusão — ${certificate.videoTitle}`,
      Author: 'Clube',
      Subject: `Certificado ${certificate.code}`,
    },
  });
  return renderPdf(doc, () => drawCertificate(doc, { certificate, url, replacedBy }, qr));
}

function drawCertificate(doc: PDFKit.PDFDocument, { certificate, url, replacedBy }: CertificatePdfInput, qr: Buffer): void {
  const width = doc.page.width;
  const height = doc.page.height;
  const inner = { x: 60, width: width - 120 };

  // Frame
  doc.lineWidth(3).strokeColor(ACCENT).rect(24, 24, width - 48, height - 48).stroke();
  doc.lineWidth(0.8).strokeColor(ACCENT).rect(32, 32, width - 64, height - 64).stroke();

  const centered = (text: string, y: number, size: number, font: string = PDF_FONTS.regular, color = INK) =>
    doc.font(font).fontSize(size).fillColor(color).text(text, inner.x, y, { width: inner.width, align: 'center' });

  centered('CLUBE', 78, 12, PDF_FONTS.bold, ACCENT);
  centered('Certificado de conclusão', 104, 36, PDF_FONTS.bold);
  centered('Certificamos que', 186, 14, PDF_FONTS.regular, MUTED);
  centered(certificate.holderName, 210, 28, PDF_FONTS.bold);
  centered('concluiu o vídeo', doc.y + 10, 14, PDF_FONTS.regular, MUTED);
  centered(certificate.videoTitle, doc.y + 8, 20, PDF_FONTS.bold);
  centered(
    `com carga horária de ${formatWatchTime(certificate.durationSeconds)}, concluído em ${formatDate(certificate.completedAt)}.`,
    doc.y + 14,
    14,
    PDF_FONTS.regular,
    INK,
  );
  if (certificate.laboratory) {
    centered(
      `Laboratório: ${certificate.laboratory.name} — CNPJ ${formatCnpj(certificate.laboratory.cnpj)}`,
      doc.y + 10,
      13,
      PDF_FONTS.regular,
      INK,
    );
  }

  // Verification block: QR on the left, code and address beside it.
  const qrSize = 110;
  const blockY = height - 60 - qrSize;
  doc.image(qr, inner.x, blockY, { width: qrSize, height: qrSize });
  const textX = inner.x + qrSize + 18;
  const textWidth = width - textX - 70;
  doc.font(PDF_FONTS.bold).fontSize(11).fillColor(INK).text(`Código: ${certificate.code}`, textX, blockY + 8, { width: textWidth });
  doc
    .font(PDF_FONTS.regular)
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Versão ${certificate.version}, emitida em ${formatDate(certificate.issuedAt)}.`, textX, doc.y + 4, { width: textWidth });
  doc.text('Confira a autenticidade deste certificado lendo o QR code ou abrindo:', textX, doc.y + 4, { width: textWidth });
  doc.font(PDF_FONTS.bold).fillColor(ACCENT).text(url, textX, doc.y + 2, { width: textWidth, link: url, underline: false });
  if (replacedBy) {
    doc
      .font(PDF_FONTS.bold)
      .fillColor('#b45309')
      .text(
        `Esta versão foi substituída pela versão ${replacedBy.version} (código ${replacedBy.code}) após a correção do nome.`,
        textX,
        doc.y + 6,
        { width: textWidth },
      );
  }
}

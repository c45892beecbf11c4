import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text of a PDF, items joined by spaces and runs of white space (no-break too) made one space. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; title: string | null }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const parts: string[] = [];
    for (let p = 1; p <= pdf.numPages; p++) {
      const content = await (await pdf.getPage(p)).getTextContent();
      for (const item of content.items) if ('str' in item) parts.push(item.str);
    }
    const meta = await pdf.getMetadata();
    const title = (meta.info as { Title?: string } | undefined)?.Title ?? null;
    return { text: oneSpace(parts.join(' ')), pages: pdf.numPages, title };
  } finally {
    await pdf.destroy();
  }
}

export const oneSpace = (text: string): string => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

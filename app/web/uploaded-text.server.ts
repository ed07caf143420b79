/**
 * A text file posted in a form (the CSV imports): present, at most `maxBytes`,
 * and UTF-8 — else the refusal to show, in the page's words.
 */
export async function uploadedText(
  file: FormDataEntryValue | null,
  maxBytes: number,
  messages: { noFile: string; tooBig: string; notUtf8: string },
): Promise<{ text: string } | { refused: string }> {
  if (!(file instanceof File) || file.size === 0) return { refused: messages.noFile };
  if (file.size > maxBytes) return { refused: messages.tooBig };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer()) };
  } catch {
    return { refused: messages.notUtf8 };
  }
}

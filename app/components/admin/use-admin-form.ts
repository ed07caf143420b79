import { useCallback, useState } from "react";
import type { FormResult } from "~/web/form-result";

/**
 * The shared state of the admin edit forms (SPEC §4): field errors from the
 * last answer (kept through data reloads), each cleared as soon as its field
 * is edited; the form banner;
 * and the refusal to submit while a photo is still uploading (`waitMessage`).
 */
export function useAdminForm(answer: FormResult | undefined, waitMessage: string, imagesField: string) {
  // React Router forgets the action's answer when the page reloads its data
  // (a live update after any change, e.g. a visitor's request): the messages
  // stay until the form is sent again or left.
  const [kept, setKept] = useState(answer);
  if (answer !== undefined && answer !== kept) setKept(answer);
  const last = answer ?? kept;
  const failure = last && !last.ok ? last : undefined;
  const [uploading, setUploading] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const clear = useCallback((name: string) => setCleared((s) => (s.has(name) ? s : new Set(s).add(name))), []);
  return {
    banner: clientError ?? failure?.message ?? null,
    /** The last refused save (FormFooter's summary beside the button), until the form is sent again. */
    failed: failure ?? null,
    errorOf: (name: string) => (cleared.has(name) ? undefined : failure?.fields[name]),
    clear,
    onSubmit: (event: React.FormEvent) => {
      if (uploading) {
        event.preventDefault();
        setClientError(waitMessage);
        return;
      }
      setClientError(null);
      setCleared(new Set());
      setKept(undefined);
    },
    onUploadingChange: (busy: boolean) => {
      setUploading(busy);
      if (!busy) setClientError(null);
      clear(imagesField);
    },
  };
}

import type { ReactNode } from "react";

/** A form control under its label's text, in the forms' label style; the label wraps the control, so no id is needed. */
export function Label({ text, children }: { text: string; children: ReactNode }) {
  return (
    <label className="text-sm font-medium text-slate-800">
      {text}
      {children}
    </label>
  );
}

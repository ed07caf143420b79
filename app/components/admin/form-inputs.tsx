import type { InputHTMLAttributes } from "react";
import { Field, inputClass, Options } from "./ui";

/** How an admin form's controls are wired (useAdminForm): the saved value ("" when unknown), the field's message, and "edited: clear it". */
export type FieldWiring = {
  value: (name: string) => string;
  errorOf: (name: string) => string | undefined;
  clear: (name: string) => void;
};

/** Labelled controls of an admin form, each wired the same way: text and number inputs, and selects from labelled options. */
export function formInputs({ value, errorOf, clear }: FieldWiring) {
  const input = (name: string, label: string, attributes: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} name={name} error={errorOf(name)}>
      {(props) => <input {...props} {...attributes} name={name} defaultValue={value(name)} className={inputClass} onInput={() => clear(name)} />}
    </Field>
  );
  const number = (name: string, label: string, mode: "numeric" | "decimal" = "numeric") => input(name, label, { inputMode: mode });
  const choice = (name: string, label: string, options: Record<string, string>, order: readonly string[] = Object.keys(options)) => (
    <Field label={label} name={name} error={errorOf(name)}>
      {(props) => (
        <select {...props} name={name} defaultValue={value(name)} className={inputClass} onChange={() => clear(name)}>
          <Options labels={options} order={order} />
        </select>
      )}
    </Field>
  );
  return { input, number, choice };
}

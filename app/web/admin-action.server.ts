import { data } from "react-router";
import { ModelError } from "~/models/errors.server";
import { log } from "~/platform/log.server";
import { ADMIN } from "~/i18n/admin";
import { refused, type FormResult } from "~/web/form-result";

/** A form field as text ("" when missing or a file). */
function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The named fields of a form as text, and those in `lists` as every value
 * sent under the name (the form parser of every admin form).
 */
export function formFields<N extends string, L extends string = never>(
  form: FormData,
  names: readonly N[],
  lists: readonly L[] = [],
): Record<Exclude<N, L>, string> & Record<L, string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const name of names) {
    fields[name] = (lists as readonly string[]).includes(name) ? form.getAll(name).filter((v): v is string => typeof v === "string") : field(form, name);
  }
  return fields as Record<Exclude<N, L>, string> & Record<L, string[]>;
}

/**
 * Runs one admin write and turns failures into a clear Russian message
 * (SPEC §8's text for rule errors, a generic one otherwise); nothing leaks.
 */
async function adminWrite(run: () => Promise<FormResult>) {
  try {
    const result = await run();
    return data<FormResult>(result, { status: result.ok ? 200 : 400 });
  } catch (error) {
    // A redirect (e.g. to the copy just made) is an answer, not a failure.
    if (error instanceof Response) throw error;
    if (error instanceof ModelError) {
      return data<FormResult>(refused(error.message), { status: error.kind === "database" ? 500 : 400 });
    }
    log.error("Admin action failed:", error);
    return data<FormResult>(refused(ADMIN.genericError), { status: 500 });
  }
}

/** One intent of a list page's form (`intent` field), on the row `id`. */
export type ListIntent = (id: string, form: FormData) => Promise<FormResult>;

/**
 * The action of an admin list page: reads the form, runs the handler of its
 * `intent` (an unknown intent is refused) as one adminWrite.
 */
export async function listAction(request: Request, intents: Record<string, ListIntent>) {
  const form = await request.formData();
  const intent = field(form, "intent");
  const handler = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  return adminWrite(async () => (handler ? handler(field(form, "id"), form) : refused(ADMIN.genericError)));
}

/** The answer to a write that found its row (`done`: true or the row) or not. */
export function outcome(done: unknown, notice?: string): FormResult {
  if (!done) return refused(ADMIN.genericError);
  return notice ? { ok: true, message: notice } : { ok: true };
}

/**
 * The "move" (arrow buttons: direction up/down) and "move-to" (drag-and-drop:
 * position) intents, shared by every ordered admin list.
 */
export function orderIntents(move: {
  by: (id: string, direction: "up" | "down") => Promise<boolean>;
  to: (id: string, position: number) => Promise<boolean>;
}): Record<"move" | "move-to", ListIntent> {
  const notSaved = refused(ADMIN.orderSaveFailed);
  return {
    move: async (id, form) => {
      const direction = field(form, "direction");
      if (direction !== "up" && direction !== "down") return notSaved;
      return (await move.by(id, direction)) ? { ok: true } : notSaved;
    },
    "move-to": async (id, form) => ((await move.to(id, Number(field(form, "position")))) ? { ok: true } : notSaved),
  };
}

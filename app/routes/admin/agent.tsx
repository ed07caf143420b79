import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { ImagePicker } from "~/components/admin/image-picker";
import { ErrorBanner, Field, FormFooter, inputClass, Notice, PageHeader } from "~/components/admin/ui";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { ADMIN } from "~/i18n/admin";
import { AGENT_NAME_MAX } from "~/lib/agent-card";
import { AGENT_LANGUAGES, getAgentCard, languageName, saveAgentCard } from "~/models/agent-card.server";
import { ModelError } from "~/models/errors.server";
import { log } from "~/platform/log.server";
import { formFields } from "~/web/admin-action.server";
import { refused, type FormResult } from "~/web/form-result";
import { siteConfig } from "~/web/site.server";
import type { Route } from "./+types/agent";

/**
 * /admin/agent — the agent card (issue 22, decision 0030): name, languages
 * spoken and photo (uploaded like a property's, through /admin/upload).
 * Saving bumps the content version (a trigger), so cached pages show it.
 */
export async function loader() {
  const card = await getAgentCard();
  return {
    card,
    fallbackName: siteConfig().contactName,
    languages: AGENT_LANGUAGES.map((code) => ({ code, name: languageName(code, "ru") })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const input = formFields(form, ["name", "languages", "photo"], ["languages"]);
  try {
    await saveAgentCard(input);
    return data<FormResult>({ ok: true, message: ADMIN.agent.saved });
  } catch (error) {
    if (error instanceof ModelError && error.kind === "validation") return data<FormResult>(refused(null, error.fields), { status: 400 });
    log.error("Saving the agent card failed:", error instanceof Error ? error.message : error);
    return data<FormResult>(refused(ADMIN.agent.saveFailed), { status: 500 });
  }
}

export function meta() {
  return [{ title: `${ADMIN.agent.title} — ${ADMIN.title}` }];
}

export default function AgentCardForm() {
  const { card, fallbackName, languages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const form = useAdminForm(result, ADMIN.agent.waitForUpload, "photo");
  const { errorOf: fieldError, clear } = form;
  const A = ADMIN.agent;
  return (
    <main className="grid max-w-3xl gap-6 p-4 md:p-8">
      <PageHeader title={A.title} />
      <p className="text-sm text-slate-700">{A.intro}</p>
      <Form method="post" noValidate className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" onSubmit={form.onSubmit}>
        <ErrorBanner message={form.banner} />
        {result?.ok && !saving ? <Notice message={result.message} /> : null}
        <Field label={A.name} name="name" error={fieldError("name")} hint={A.nameHint(fallbackName)}>
          {(props) => <input {...props} name="name" defaultValue={card.name} maxLength={AGENT_NAME_MAX} className={inputClass} onInput={() => clear("name")} />}
        </Field>
        <fieldset aria-describedby={fieldError("languages") ? "languages-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{A.languages}</legend>
          <div className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3">
            {languages.map((language) => (
              <label key={language.code} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="languages"
                  value={language.code}
                  defaultChecked={card.languages.includes(language.code)}
                  className="size-5"
                  onChange={() => clear("languages")}
                />
                {language.name}
              </label>
            ))}
          </div>
          {fieldError("languages") ? (
            <p id="languages-error" className="mt-1 text-sm text-red-700">
              {fieldError("languages")}
            </p>
          ) : null}
        </fieldset>
        <ImagePicker
          name="photo"
          type="properties"
          multiple={false}
          initial={card.photo ? [card.photo] : []}
          label={A.photo}
          error={fieldError("photo")}
          onUploadingChange={form.onUploadingChange}
        />
        <FormFooter saving={saving} failed={form.failed} cancelTo="/admin" />
      </Form>
    </main>
  );
}

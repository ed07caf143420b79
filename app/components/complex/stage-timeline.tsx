import { CONSTRUCTION_STAGES, type ConstructionStage } from "~/lib/property-facts";
import type { ComplexTexts } from "~/i18n/complex-texts";
import { fill, type Dictionary } from "~/i18n";

/**
 * A complex's building stage (issue 33) as the three Bulgarian acts in order,
 * Act 14 → Act 15 → Act 16: the acts passed are ticked, the current one is
 * marked (aria-current="step") and the completion quarter follows until
 * Act 16. `quarter` is already in the page's words («II квартал 2027 г.»).
 */
export function StageTimeline({ stage, quarter, t, tc }: { stage: ConstructionStage | null; quarter: string | null; t: Dictionary; tc: ComplexTexts }) {
  const current = stage === null ? -1 : CONSTRUCTION_STAGES.indexOf(stage);
  return (
    <section aria-labelledby="stage-heading" className="mt-6">
      <h2 id="stage-heading" className="text-xl font-semibold text-sea-900">
        {tc.stageTitle}
      </h2>
      {stage === null ? <p className="mt-2 text-slate-700">{tc.stageUnknown}</p> : null}
      <ol className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="stage-timeline">
        {CONSTRUCTION_STAGES.map((act, i) => {
          const state = i < current ? "done" : i === current ? "now" : "ahead";
          const colours =
            state === "now"
              ? "bg-sea-700 text-white ring-sea-700"
              : state === "done"
                ? "bg-sea-50 text-sea-900 ring-sea-100"
                : "bg-white text-slate-700 ring-slate-200 border-dashed";
          return (
            <li
              key={act}
              aria-current={state === "now" ? "step" : undefined}
              data-state={state}
              className={`flex items-start gap-3 rounded-xl p-3 ring-1 ${colours}`}
            >
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${state === "now" ? "bg-white text-sea-900" : state === "done" ? "bg-sea-600 text-white" : "bg-slate-100 text-slate-600"}`}
              >
                {state === "done" ? "✓" : i + 1}
              </span>
              <span>
                <span className="block font-semibold">
                  {t.card.stage[act]}{" "}
                  <span className={`text-sm font-normal ${state === "now" ? "text-sea-50" : "text-slate-600"}`}>
                    ({state === "now" ? tc.stageNow : state === "done" ? tc.stageDone : tc.stageAhead})
                  </span>
                </span>
                <span className="block text-sm">{tc.stageSteps[act]}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {quarter !== null && stage !== "act16" ? <p className="mt-3 font-medium text-slate-800">{fill(tc.completion, { quarter })}</p> : null}
    </section>
  );
}

export type { ConstructionStage };

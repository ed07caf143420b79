import { Link } from "react-router";

/**
 * A page's trail under its location (a property's or a complex's page): the
 * home page, the location, then the page itself, unlinked. `lang` marks the
 * last item's language where it is not the page's (an untranslated name).
 */
export function Breadcrumbs({
  label,
  home,
  location,
  current,
  currentLang,
}: {
  label: string;
  home: { name: string; href: string };
  location: { name: string; href: string };
  current: string;
  currentLang?: string;
}) {
  return (
    <nav aria-label={label} className="mb-4 text-sm text-slate-600">
      <ol className="flex flex-wrap gap-1">
        {[home, location].map((step) => (
          <li key={step.href}>
            <Link to={step.href} className="hover:text-sea-700 hover:underline">
              {step.name}
            </Link>{" "}
            /
          </li>
        ))}
        <li aria-current="page" className="text-slate-800" lang={currentLang}>
          {current}
        </li>
      </ol>
    </nav>
  );
}

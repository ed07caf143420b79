import { Form } from "react-router";
import { ADMIN } from "~/i18n/admin";
import { ArrowDownIcon, ArrowUpIcon, Button, buttonClass } from "./ui";

/**
 * A row's one-button form on an admin list: posts `intent` for the row `id`
 * to the page's action (app/web/admin-action.server.ts); with `confirm`, only
 * once the administrator agrees. The button is named after the row (`subject`).
 */
export function RowActionForm({
  id,
  intent,
  label,
  subject,
  confirm,
  variant,
}: {
  id: string;
  intent: string;
  label: string;
  subject: string;
  confirm?: string;
  variant?: "secondary" | "danger";
}) {
  const onSubmit = confirm
    ? (event: React.FormEvent) => {
        if (!window.confirm(confirm)) event.preventDefault();
      }
    : undefined;
  return (
    <Form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant={variant} name="intent" value={intent} aria-label={`${label}: ${subject}`}>
        {label}
      </Button>
    </Form>
  );
}

/** The arrow buttons of an ordered list's row: the "move" intent up or down (drag-and-drop is the other way). */
export function MoveButtons({ id, subject, first, last, disabled }: { id: string; subject: string; first: boolean; last: boolean; disabled: boolean }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value="move" />
      <button type="submit" name="direction" value="up" disabled={first || disabled} className={buttonClass.icon} aria-label={`${ADMIN.moveUp}: ${subject}`}>
        <ArrowUpIcon />
      </button>
      <button type="submit" name="direction" value="down" disabled={last || disabled} className={buttonClass.icon} aria-label={`${ADMIN.moveDown}: ${subject}`}>
        <ArrowDownIcon />
      </button>
    </Form>
  );
}

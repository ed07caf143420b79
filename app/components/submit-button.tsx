/** A form's submit button: while the form is being sent it is disabled and says so (`busyLabel`). */
export function SubmitButton({ busy, label, busyLabel, className }: { busy: boolean; label: string; busyLabel: string; className: string }) {
  return (
    <button type="submit" disabled={busy} className={className}>
      {busy ? busyLabel : label}
    </button>
  );
}

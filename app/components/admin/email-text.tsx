import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader expects (issue 30: the inbox
 * broke addresses mid-word): before the @ and before each dot, after - _ +.
 * The container's `overflow-wrap: break-word` cuts a piece inside only when
 * that piece alone is wider than the line.
 */
export function EmailText({ email }: { email: string }) {
  const pieces = email.split(/(?=[@.])|(?<=[-_+])/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

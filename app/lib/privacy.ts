/**
 * The privacy notice's version (issue 22): the date its text last changed.
 * A contact or shortlist request records the version the visitor was shown
 * and the time (contact_submissions.consent_version / consent_at). When the
 * notice's text changes, add the new date first: older pages still open in
 * a browser post the version they showed, which stays valid.
 */
// 2026-11-27: the saved-search alerts section.
export const PRIVACY_NOTICE_VERSIONS = ["2026-11-27", "2026-11-26"] as const;
export const PRIVACY_NOTICE_VERSION: string = PRIVACY_NOTICE_VERSIONS[0];

export function isNoticeVersion(value: unknown): value is string {
  return typeof value === "string" && (PRIVACY_NOTICE_VERSIONS as readonly string[]).includes(value);
}

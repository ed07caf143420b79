import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { ADMIN } from "~/i18n/admin";
import { DIRECTORIES, type CachedFile } from "~/lib/file-cache";
import { resolveImageUrl, storeKeyOf } from "~/lib/image-keys";
import { FallbackImage } from "../fallback-image";
import { keepFocusInside } from "../keep-focus-inside";
import type { SyncStatus } from "./file-cache-store";
import { buttonClass } from "./ui";

const L = ADMIN.images.library;
const PAGE = 48;

type Folder = "all" | keyof typeof DIRECTORIES;

/**
 * The media library of the image picker (issue 5, SPEC §3): the images
 * already uploaded (the browser's file cache, refreshed from the manifest),
 * filtered by folder, newest first; the administrator ticks one or several
 * and adds them to the form. A modal `<dialog>` (focus stays inside, Escape
 * closes), rendered under <body> so its controls are never part of the
 * admin form; native checkboxes / radios, so it works from the keyboard.
 */
export function MediaLibrary({
  files,
  status,
  onRefresh,
  type,
  multiple,
  taken,
  onChoose,
  onClose,
}: {
  files: readonly CachedFile[];
  status: SyncStatus;
  onRefresh: () => void;
  type: keyof typeof DIRECTORIES;
  multiple: boolean;
  /** The images the form already has (URLs): shown, but not selectable again. */
  taken: readonly string[];
  onChoose: (files: CachedFile[]) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [folder, setFolder] = useState<Folder>(type);
  const [selected, setSelected] = useState<string[]>([]);
  const [limit, setLimit] = useState(PAGE);

  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
  }, []);

  // Compared by the stored object they name (decision 0031): a form's Storage API URL or bare key marks its file too.
  const siteOrigins = typeof window === "undefined" ? [] : [window.location.origin];
  const takenKeys = new Set(taken.map((ref) => storeKeyOf(ref, { siteOrigins })).filter((key) => key !== null));
  const isTaken = (file: CachedFile) => {
    const key = storeKeyOf(file.path, { siteOrigins }) ?? storeKeyOf(file.url, { siteOrigins });
    return taken.includes(file.url) || taken.includes(file.path) || (key !== null && takenKeys.has(key));
  };
  const shown = folder === "all" ? files : files.filter((file) => file.directory === DIRECTORIES[folder]);
  const visible = shown.slice(0, limit);
  const toggle = (file: CachedFile, on: boolean) =>
    setSelected((list) =>
      !multiple ? (on ? [file.path] : []) : on ? [...list.filter((p) => p !== file.path), file.path] : list.filter((p) => p !== file.path),
    );
  const choose = () => {
    const byPath = new Map(files.map((file) => [file.path, file]));
    onChoose(selected.map((path) => byPath.get(path)).filter((file): file is CachedFile => file !== undefined && !isTaken(file)));
    dialog.current?.close();
  };

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      onClose={onClose}
      onKeyDown={keepFocusInside}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(56rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {L.title}
            </h2>
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              {multiple ? L.hint : L.hintOne}
            </p>
          </div>
          <button type="button" className={buttonClass.icon} aria-label={L.close} onClick={() => dialog.current?.close()}>
            ✕
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <fieldset className="flex flex-wrap items-center gap-1">
            <legend className="sr-only">{L.folder}</legend>
            {(["locations", "properties", "all"] as const).map((value) => (
              <label
                key={value}
                className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm ring-1 ring-slate-300 has-checked:bg-sea-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-sea-600"
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`${id}-folder`}
                  value={value}
                  checked={folder === value}
                  onChange={() => {
                    setFolder(value);
                    setLimit(PAGE);
                  }}
                />
                {L[value]}
              </label>
            ))}
          </fieldset>
          <button type="button" className={buttonClass.secondary} onClick={onRefresh} disabled={status === "loading"}>
            {L.refresh}
          </button>
        </div>
        <p role="status" className="text-sm text-slate-600">
          {status === "loading" ? L.loading : status === "error" ? L.failed : shown.length > visible.length ? L.shown(visible.length, shown.length) : ""}
        </p>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">{status === "loading" ? L.loading : L.empty}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
              {visible.map((file) => {
                const used = isTaken(file);
                return (
                  <li key={file.path}>
                    <label
                      className={`block overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 has-checked:ring-2 has-checked:ring-sea-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-sea-600 ${used ? "opacity-60" : "cursor-pointer"}`}
                    >
                      <FallbackImage
                        image={resolveImageUrl(file.url)}
                        alt=""
                        width={160}
                        height={120}
                        className="aspect-[4/3] w-full bg-slate-100 object-cover"
                      />
                      <span className="flex items-center gap-2 p-2 text-xs">
                        <input
                          type={multiple ? "checkbox" : "radio"}
                          name={multiple ? undefined : `${id}-pick`}
                          className="size-4 shrink-0 accent-sea-600"
                          checked={selected.includes(file.path)}
                          disabled={used}
                          onChange={(event) => toggle(file, event.currentTarget.checked)}
                        />
                        <span className="min-w-0 truncate" title={file.name}>
                          {file.name}
                        </span>
                      </span>
                      {used ? <span className="block px-2 pb-2 text-xs text-slate-600">{L.taken}</span> : null}
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {shown.length > visible.length ? (
            <div className="mt-3 text-center">
              <button type="button" className={buttonClass.secondary} onClick={() => setLimit((n) => n + PAGE)}>
                {L.more(shown.length - visible.length)}
              </button>
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-3">
          <p className="mr-auto text-sm text-slate-700" aria-live="polite">
            {L.selected(selected.length)}
          </p>
          <button type="button" className={buttonClass.secondary} onClick={() => dialog.current?.close()}>
            {ADMIN.cancel}
          </button>
          <button type="button" className={buttonClass.primary} disabled={selected.length === 0} onClick={choose}>
            {multiple ? L.add : L.addOne}
          </button>
        </div>
      </div>
    </dialog>,
    document.body,
  );
}

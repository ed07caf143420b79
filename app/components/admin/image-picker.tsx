import { useEffect, useId, useRef, useState } from "react";
import { ADMIN } from "~/i18n/admin";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/schemas/image";
import type { CachedFile } from "~/lib/file-cache";
import { FallbackImage } from "../fallback-image";
import { rememberUpload, useFileCache } from "./file-cache-store";
import { MediaLibrary } from "./media-library";
import { SortableList } from "./sortable-list";
import { buttonClass } from "./ui";

/** SPEC §9: 3 retries, 2 s, 4 s, 8 s (only for failures a retry can cure). */
const RETRY_DELAYS = [2000, 4000, 8000];
const UPLOAD_TIMEOUT_MS = 120_000;

type Entry =
  | { key: string; status: "done"; url: string; fresh: boolean; name?: string }
  | { key: string; status: "uploading"; name: string; progress: number }
  | { key: string; status: "error"; name: string; error: string };

class UploadFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

interface Uploaded {
  url: string;
  /** The storage key (`properties/…`). */
  path: string;
}

function uploadOnce(file: File, type: "locations" | "properties", onProgress: (fraction: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/admin/upload");
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as { url?: string; path?: string; error?: string };
      if (xhr.status === 200 && body.url) return resolve({ url: body.url, path: body.path ?? "" });
      if (xhr.status === 200) return reject(new UploadFailure(ADMIN.images.storage, true));
      if (xhr.status === 401 || xhr.status === 403 || xhr.responseURL.includes("/admin/login")) {
        return reject(new UploadFailure(ADMIN.images.forbidden, false));
      }
      if (xhr.status === 413) return reject(new UploadFailure(body.error ?? ADMIN.images.tooLarge, false));
      if (xhr.status >= 500) return reject(new UploadFailure(ADMIN.images.storage, true));
      reject(new UploadFailure(body.error ?? (type === "locations" ? ADMIN.images.locationImage : ADMIN.images.generic), false));
    };
    xhr.onerror = () => reject(new UploadFailure(navigator.onLine === false ? ADMIN.images.offline : ADMIN.images.generic, true));
    xhr.ontimeout = () => reject(new UploadFailure(ADMIN.images.timeout, true));
    const body = new FormData();
    body.set("type", type);
    body.set("file", file);
    xhr.send(body);
  });
}

async function uploadWithRetries(file: File, type: "locations" | "properties", onProgress: (fraction: number) => void): Promise<Uploaded> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await uploadOnce(file, type, onProgress);
    } catch (error) {
      const failure = error instanceof UploadFailure ? error : new UploadFailure(ADMIN.images.generic, false);
      if (!failure.retryable || attempt >= RETRY_DELAYS.length) throw failure;
      await new Promise((r) => setTimeout(r, RETRY_DELAYS[attempt]));
    }
  }
}

/**
 * The image picker of the admin forms (SPEC §4, §5, DESIGN §5): several files
 * at once or a drop, a progress bar per file, states uploading (the form
 * waits) / uploaded (green mark) / error with SPEC's Russian messages;
 * photos reorder by dragging (the first is the cover) and can be removed.
 * "Выбрать из библиотеки" opens the media library (media-library.tsx): images
 * uploaded before, from the browser's file cache (file-cache-store.ts), which
 * each upload here joins at once.
 * The chosen images travel with the form as hidden inputs named `name`.
 */
export function ImagePicker({
  name,
  type,
  multiple,
  initial,
  label,
  error,
  onUploadingChange,
}: {
  name: string;
  type: "locations" | "properties";
  multiple: boolean;
  initial: string[];
  label: string;
  error?: string;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const [entries, setEntries] = useState<Entry[]>(() => initial.map((url, i) => ({ key: `initial-${i}`, status: "done", url, fresh: false })));
  const [dragOver, setDragOver] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const cache = useFileCache();
  const input = useRef<HTMLInputElement>(null);
  const libraryButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const uploading = entries.some((e) => e.status === "uploading");
  // Told only when the state changes (the parent's callback may be a new function every render).
  const notify = useRef(onUploadingChange);
  notify.current = onUploadingChange;
  const previous = useRef(uploading);
  useEffect(() => {
    if (previous.current === uploading) return;
    previous.current = uploading;
    notify.current?.(uploading);
  }, [uploading]);

  const update = (key: string, next: Entry | null) =>
    setEntries((list) => (next ? list.map((e) => (e.key === key ? next : e)) : list.filter((e) => e.key !== key)));

  function addFiles(files: File[]) {
    const chosen = multiple ? files : files.slice(0, 1);
    const fresh: Entry[] = [];
    for (const file of chosen) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      if (!file.type.startsWith("image/")) {
        fresh.push({ key, status: "error", name: file.name, error: IMAGE_MESSAGES.notImage });
        continue;
      }
      if (file.size > IMAGE_MAX_BYTES) {
        fresh.push({ key, status: "error", name: file.name, error: IMAGE_MESSAGES.tooLarge });
        continue;
      }
      fresh.push({ key, status: "uploading", name: file.name, progress: 0 });
      uploadWithRetries(file, type, (progress) => update(key, { key, status: "uploading", name: file.name, progress }))
        .then((uploaded) => {
          if (uploaded.path) rememberUpload({ key: uploaded.path, url: uploaded.url, size: file.size });
          update(key, { key, status: "done", url: uploaded.url, fresh: true, name: file.name });
        })
        .catch((failure: Error) => update(key, { key, status: "error", name: file.name, error: failure.message }));
    }
    setEntries((list) => {
      // A single picture is replaced by the new one (errors stay visible either way).
      const kept = multiple ? list : list.filter((e) => e.status === "error");
      return [...kept, ...fresh];
    });
  }

  const images = entries.filter((e): e is Extract<Entry, { status: "done" }> => e.status === "done");
  const pending = entries.filter((e) => e.status !== "done");

  /** Images chosen in the library: added like uploads (a single picture is replaced), never twice. */
  function addFromLibrary(files: CachedFile[]) {
    setEntries((list) => {
      const have = new Set(list.flatMap((e) => (e.status === "done" ? [e.url] : [])));
      const chosen = files.filter((f) => !have.has(f.url) && !have.has(f.path)).slice(0, multiple ? undefined : 1);
      if (chosen.length === 0) return list;
      const added: Entry[] = chosen.map((f) => ({
        key: `library-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        status: "done",
        url: f.url,
        fresh: false,
        name: f.name,
      }));
      return multiple ? [...list, ...added] : [...list.filter((e) => e.status === "error"), ...added];
    });
  }

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {images.map((image) => (
        <input key={image.key} type="hidden" name={name} value={image.url} />
      ))}
      {images.length > 0 && multiple ? <p className="text-xs text-slate-500">{ADMIN.images.coverHint}</p> : null}
      {images.length > 0 ? (
        <SortableList
          items={images.map((image) => ({ ...image, id: image.key }))}
          label={(image) => image.name ?? image.url.split("/").pop() ?? ""}
          disabled={!multiple}
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          onMove={(_id, _to, reordered) => setEntries([...reordered.map(({ id: _omit, ...entry }) => entry as Entry), ...pending])}
          render={(image, index, { handle }) => (
            <figure className="relative overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
              <FallbackImage
                image={image.url}
                alt={ADMIN.images.preview(index + 1)}
                width={320}
                height={240}
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
              {/* The marks sit on the picture, so the two buttons below keep their room in a narrow phone column. */}
              <span className="absolute top-1.5 left-1.5 flex flex-wrap gap-1 text-xs">
                {index === 0 && multiple ? <span className="rounded bg-sea-100 px-1.5 py-0.5 font-medium text-sea-900">{ADMIN.images.cover}</span> : null}
                {image.fresh ? <span className="rounded bg-emerald-100 px-1.5 py-0.5 font-medium text-emerald-800">✓ {ADMIN.images.uploaded}</span> : null}
              </span>
              <figcaption className="flex items-center justify-between gap-1 p-1.5">
                {multiple ? handle : <span />}
                <button
                  type="button"
                  onClick={() => update(image.key, null)}
                  className="inline-flex size-11 items-center justify-center rounded-lg text-red-700 ring-1 ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
                  aria-label={`${ADMIN.images.remove} ${index + 1}`}
                >
                  ✕
                </button>
              </figcaption>
            </figure>
          )}
        />
      ) : null}
      {pending.length > 0 ? (
        <ul className="grid gap-2">
          {pending.map((entry) => (
            <li key={entry.key} className="rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200">
              <p className="truncate font-medium">{entry.name}</p>
              {entry.status === "uploading" ? (
                <>
                  <progress
                    className="mt-2 h-2 w-full"
                    value={Math.round(entry.progress * 100)}
                    max={100}
                    aria-label={`${ADMIN.images.uploading} ${entry.name}`}
                  />
                  <p className="text-xs text-slate-600">{ADMIN.images.uploading}</p>
                </>
              ) : (
                <div className="mt-1 flex items-start justify-between gap-2">
                  <p role="alert" className="text-red-700">
                    {entry.error}
                  </p>
                  <button type="button" onClick={() => update(entry.key, null)} className="-my-2 min-h-11 shrink-0 px-2 text-xs underline">
                    {ADMIN.cancel}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragOver(false);
          addFiles([...event.dataTransfer.files]);
        }}
        className={`flex flex-wrap items-center gap-3 rounded-xl border-2 border-dashed p-4 ${dragOver ? "border-sea-600 bg-sea-50" : "border-slate-300 bg-white"}`}
      >
        <button type="button" className={buttonClass.secondary} disabled={uploading} onClick={() => input.current?.click()}>
          {uploading ? ADMIN.images.uploading : multiple ? ADMIN.images.choose : ADMIN.images.chooseOne}
        </button>
        <button
          ref={libraryButton}
          type="button"
          className={buttonClass.secondary}
          aria-haspopup="dialog"
          onClick={() => {
            setLibraryOpen(true);
            cache.refresh();
          }}
        >
          {ADMIN.images.library.open}
        </button>
        <span className="text-sm text-slate-600">{multiple ? ADMIN.images.drop : ADMIN.images.dropOne}</span>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple={multiple}
          className="sr-only"
          tabIndex={-1}
          aria-label={label}
          data-testid={`${name}-file`}
          onChange={(event) => {
            addFiles([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = "";
          }}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {libraryOpen ? (
        <MediaLibrary
          files={cache.files}
          status={cache.status}
          onRefresh={cache.refresh}
          type={type}
          multiple={multiple}
          taken={images.map((image) => image.url)}
          onChoose={addFromLibrary}
          onClose={() => {
            setLibraryOpen(false);
            libraryButton.current?.focus();
          }}
        />
      ) : null}
    </fieldset>
  );
}

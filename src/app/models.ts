/**
 * Where a user's model comes into the page (SPEC §8): a link (inline `model-data=` or hosted `model=<URL>`), a file
 * (Open model… or dropped on the page), or the editor. Every text is read off the main thread (modelReader.ts, its
 * own chunk, loaded the first time a model appears; the reader itself runs in a worker), so no text can freeze the
 * page. Nothing typed is lost: the editor's text is kept in localStorage whatever happens, a model that fails stays
 * in the editor with its mistakes, and an edited draft that a file, a link or the menu replaces is kept as the
 * previous draft, one click away (restorePreviousDraft).
 */
import { createStore } from 'zustand/vanilla';
import { decodeCustomModelData, readCustomModel, type CustomModelIssue } from '../scenario/registry';
import { MODEL_LINK_LIMITS, type ModelTextResult } from '../scenario/modelLink';
import { fetchModelText } from '../scenario/modelFetch';
import { linkModelSource } from '../scenario/url';
import type { CustomModel } from '../scenario/types';
import type { ModelReadOutcome } from './modelReader';
import { appStore, openCustomScenario, openShareQuery } from './store';

/** The editor and the model the user keeps: its text (the draft), its mistakes, whether it is open. */
export interface ModelEditorState {
  readonly open: boolean;
  /** The editor's text: what the user typed or opened last (kept in localStorage). */
  readonly text: string;
  /** The mistakes of `text` when it was last run or opened (the editor shows its own as you type). */
  readonly issues: readonly CustomModelIssue[];
  /** The URL the text came from, while it is unedited (its link stays `model=<URL>`). */
  readonly url?: string;
  /** True once the user typed in `text` (since it was opened): opening another model then keeps it as `previous`. */
  readonly edited: boolean;
  /** The edited draft a file, a link or the menu replaced last (kept in localStorage): "Restore previous draft". */
  readonly previous: string | null;
}

/** The localStorage key of the kept model text. */
export const MODEL_STORAGE_KEY = 'hht-playground.model';
/** The localStorage key of the previous draft (an edited text another model replaced). */
export const PREVIOUS_DRAFT_STORAGE_KEY = 'hht-playground.model.previous';
/** The localStorage key that says the kept text was typed in, not just opened ('1'). */
const EDITED_STORAGE_KEY = 'hht-playground.model.edited';

function stored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a text (null: removes it); a full or forbidden storage only loses persistence, never the text on screen. */
function keepAs(key: string, text: string | null): void {
  try {
    if (text === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, text);
  } catch {
    // Storage full or disabled: the text stays in memory.
  }
}

function initialModelState(): ModelEditorState {
  const text = stored(MODEL_STORAGE_KEY) ?? '';
  // A text kept before the page said whether it was typed counts as typed: it is never replaced unkept.
  const edited = (stored(EDITED_STORAGE_KEY) ?? (text === '' ? '0' : '1')) === '1';
  return { open: false, text, issues: [], edited, previous: stored(PREVIOUS_DRAFT_STORAGE_KEY) };
}

export const modelStore = createStore<ModelEditorState>()(initialModelState);

/** Keeps the editor's text and whether it was typed. */
function keep(text: string, edited: boolean): void {
  keepAs(MODEL_STORAGE_KEY, text);
  keepAs(EDITED_STORAGE_KEY, edited ? '1' : '0');
}

/** Sets the editor's text (typing), kept across reloads. */
export function setModelText(text: string): void {
  const { text: before, url } = modelStore.getState();
  if (text === before) return;
  modelStore.setState({ text, edited: true, ...(url !== undefined ? { url: undefined } : {}) });
  keep(text, true);
}

/**
 * Puts a model from elsewhere (a file, a link, the menu) into the editor. An edited draft it replaces becomes the
 * previous draft (kept across reloads), so what the user typed is one click away (restorePreviousDraft); `persist`
 * false leaves the kept text as it was (a link's model is kept only once the user edits it).
 */
function replaceDraft(text: string, fields: Partial<Pick<ModelEditorState, 'url' | 'issues'>>, persist: boolean): void {
  const current = modelStore.getState();
  const previous = current.edited && current.text.trim() !== '' && current.text !== text ? current.text : current.previous;
  if (previous !== current.previous) keepAs(PREVIOUS_DRAFT_STORAGE_KEY, previous);
  modelStore.setState({ text, url: fields.url, issues: fields.issues ?? [], edited: current.text === text ? current.edited : false, previous });
  if (persist && current.text !== text) keep(text, false);
}

/** Swaps the editor's text and the previous draft: what was replaced comes back, and the text it replaces is kept. */
export function restorePreviousDraft(): void {
  const { text, previous } = modelStore.getState();
  if (previous === null) return;
  const kept = text.trim() === '' || text === previous ? null : text;
  modelStore.setState({ text: previous, url: undefined, issues: [], edited: true, previous: kept });
  keep(previous, true);
  keepAs(PREVIOUS_DRAFT_STORAGE_KEY, kept);
}

export function openModelEditor(): void {
  modelStore.setState({ open: true });
}

export function closeModelEditor(): void {
  modelStore.setState({ open: false });
}

type ModelReaderModule = typeof import('./modelReader');
let reader: Promise<ModelReaderModule> | null = null;

/** Loads the model reader's client (its own chunk) once; from then on user models are read through it. */
export function loadModelReader(): Promise<ModelReaderModule> {
  reader ??= import('./modelReader').catch((error: unknown) => {
    reader = null;
    throw error;
  });
  return reader;
}

/** The title a kept model's text gives itself (for the menu), without loading the reader: null if none. */
export function modelTitle(text: string): string | null {
  try {
    const doc = JSON.parse(text) as unknown;
    const title = doc !== null && typeof doc === 'object' ? (doc as { title?: unknown }).title : undefined;
    return typeof title === 'string' && title.trim() !== '' ? title.trim().slice(0, 80) : null;
  } catch {
    return null;
  }
}

/** Opening a model: what it became, for callers that say more (the editor, the tests). */
export type OpenModelResult = { readonly ok: true } | { readonly ok: false; readonly issues: readonly CustomModelIssue[] };

/**
 * Reads `model` and, if it is a model, runs it (`scenario=custom`); otherwise it goes into the editor with its
 * mistakes and the notice says where and what. Either way the text is kept (the editor's draft).
 */
export async function openModel(model: CustomModel, origin: string): Promise<OpenModelResult> {
  replaceDraft(model.text, { url: model.url }, true);
  let read: ModelReadOutcome | null;
  appStore.setState({ loading: `Reading ${origin}…` });
  try {
    read = await (await loadModelReader()).readModel(model.text, 'open');
  } catch {
    read = null;
  } finally {
    appStore.setState({ loading: null });
  }
  if (!read || !read.ok) {
    const issues = read?.issues ?? [{ path: '', message: 'the model reader could not be loaded (no network?)' }];
    modelStore.setState({ issues, open: true });
    appStore.setState({ notice: { source: 'model', issues: modelNotice(origin, issues) } });
    return { ok: false, issues };
  }
  openCustomScenario(read.def, model);
  appStore.setState({ notice: null });
  return { ok: true };
}

/** At most this many of a model's mistakes in the notice; the editor shows every one at its line. */
const NOTICE_MISTAKES = 5;

function modelNotice(origin: string, issues: readonly CustomModelIssue[]) {
  const listed = issues.slice(0, NOTICE_MISTAKES).map((i) => ({ key: 'model', message: `${origin}: ${i.path ? `${i.path}: ` : ''}${i.message}` }));
  const more = issues.length - listed.length;
  return more > 0 ? [...listed, { key: 'model', message: `${more} more mistake${more === 1 ? '' : 's'}: see the editor` }] : listed;
}

/** A file the user chose or dropped: at most the size of a hosted model, as UTF-8 text. */
export async function openModelFile(file: File): Promise<OpenModelResult> {
  const limit = MODEL_LINK_LIMITS.fetchedBytes;
  const fail = (message: string): OpenModelResult => {
    const issues = [{ path: '', message }];
    appStore.setState({ notice: { source: 'model', issues: modelNotice(file.name, issues) } });
    return { ok: false, issues };
  };
  if (file.size > limit) return fail(`the file has ${file.size} bytes; a model may have at most ${limit} bytes`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return fail('the file is not UTF-8 text (a model file is JSON)');
  }
  return openModel({ text }, file.name);
}

/** Hosted models fetched on this page by URL (Back and Forward reopen them without fetching again). */
const fetched = new Map<string, ModelTextResult>();

/**
 * Opens any share link: a shipped scenario at once; a link with a model after loading the reader and, for a
 * hosted one, fetching it (modelFetch.ts, with the time and size limits of modelLink.ts). A model that does not read goes into
 * the editor's text, so nothing is lost, and the notice names what failed.
 */
export async function openLink(query: string): Promise<void> {
  const source = linkModelSource(query);
  if (source.kind === 'none' || source.kind === 'bad') {
    openShareQuery(query);
    return;
  }
  appStore.setState({ loading: source.kind === 'hosted' ? `Fetching the model from ${source.url}…` : 'Loading the model reader…' });
  try {
    let modelReader: ModelReaderModule | null = null;
    try {
      modelReader = await loadModelReader();
    } catch {
      // openShareQuery names the model key and why it could not be read.
    }
    let hosted: ModelTextResult | undefined;
    if (source.kind === 'hosted') {
      hosted = fetched.get(source.url) ?? (await fetchModelText(source.url, (url, init) => fetch(url, init)));
      if (hosted.ok) fetched.set(source.url, hosted);
    }
    // The link's model is read in the worker first; decoding the link then finds it read.
    const text = source.kind === 'inline' ? decodeCustomModelData(source.data) : hosted;
    if (modelReader && text?.ok) {
      appStore.setState({ loading: 'Reading the model…' });
      await modelReader.readModel(text.text, 'open');
    }
    const decoded = openShareQuery(query, hosted ? { hosted } : {});
    const failed = decoded.failedModel;
    // The editor shows the link's model (what runs, or what failed); it is kept once the user edits it, so
    // opening a link never overwrites the text kept from before (an edited draft becomes the previous draft).
    if (failed?.text !== undefined) {
      const read = readCustomModel(failed.text);
      replaceDraft(failed.text, { url: failed.url, issues: read && !read.ok ? read.issues : [] }, false);
    } else if (decoded.state.model) {
      replaceDraft(decoded.state.model.text, { url: decoded.state.model.url }, false);
    }
  } finally {
    appStore.setState({ loading: null });
  }
}

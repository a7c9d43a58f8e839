/**
 * Where a user's model comes into the page (SPEC §8): a link (inline `model-data=` or hosted `model=<URL>`), a file
 * (Open model… or dropped on the page), or the editor. The reader of model files (src/scenario/custom.ts, with the
 * schema library) is its own chunk, loaded the first time a model appears. Nothing typed is lost: the editor's
 * text is kept in localStorage whatever happens, and a model that fails stays in the editor with its mistakes.
 */
import { createStore } from 'zustand/vanilla';
import { canReadCustomModels, readCustomModel, type CustomModelIssue } from '../scenario/registry';
import { MODEL_LINK_LIMITS, type ModelTextResult } from '../scenario/modelLink';
import { fetchModelText } from '../scenario/modelFetch';
import { linkModelSource } from '../scenario/url';
import type { CustomModel } from '../scenario/types';
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
}

/** The localStorage key of the kept model text. */
export const MODEL_STORAGE_KEY = 'hht-playground.model';

function storedText(): string {
  try {
    return globalThis.localStorage?.getItem(MODEL_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export const modelStore = createStore<ModelEditorState>()(() => ({ open: false, text: storedText(), issues: [] }));

/** Keeps the editor's text; a full or forbidden storage only loses persistence, never the text on screen. */
function keep(text: string): void {
  try {
    globalThis.localStorage?.setItem(MODEL_STORAGE_KEY, text);
  } catch {
    // Storage full or disabled: the text stays in memory.
  }
}

/** Sets the editor's text (typing), kept across reloads. */
export function setModelText(text: string): void {
  const { text: previous, url } = modelStore.getState();
  if (text === previous) return;
  modelStore.setState({ text, ...(url !== undefined ? { url: undefined } : {}) });
  keep(text);
}

export function openModelEditor(): void {
  modelStore.setState({ open: true });
}

export function closeModelEditor(): void {
  modelStore.setState({ open: false });
}

let reader: Promise<void> | null = null;

/** Loads the model reader (its own chunk) once; resolves when user models can be read. */
export function loadModelReader(): Promise<void> {
  if (canReadCustomModels()) return Promise.resolve();
  reader ??= import('../scenario/custom').then(
    () => undefined,
    (error: unknown) => {
      reader = null;
      throw error;
    },
  );
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
  modelStore.setState({ text: model.text, url: model.url, issues: [] });
  keep(model.text);
  try {
    await loadModelReader();
  } catch {
    const issues = [{ path: '', message: 'the model reader could not be loaded (no network?)' }];
    modelStore.setState({ issues });
    return { ok: false, issues };
  }
  const read = readCustomModel(model.text);
  if (!read || !read.ok) {
    const issues = read?.issues ?? [{ path: '', message: 'the model reader is not loaded' }];
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
    try {
      await loadModelReader();
    } catch {
      // openShareQuery names the model key and why it could not be read.
    }
    let hosted: ModelTextResult | undefined;
    if (source.kind === 'hosted') {
      hosted = fetched.get(source.url) ?? (await fetchModelText(source.url, (url, init) => fetch(url, init)));
      if (hosted.ok) fetched.set(source.url, hosted);
    }
    const decoded = openShareQuery(query, hosted ? { hosted } : {});
    const failed = decoded.failedModel;
    // The editor shows the link's model (what runs, or what failed); it is kept once the user edits it, so
    // opening a link never overwrites the text kept from before.
    if (failed?.text !== undefined) {
      const read = readCustomModel(failed.text);
      modelStore.setState({ text: failed.text, url: failed.url, issues: read && !read.ok ? read.issues : [] });
    } else if (decoded.state.model) {
      modelStore.setState({ text: decoded.state.model.text, url: decoded.state.model.url, issues: [] });
    }
  } finally {
    appStore.setState({ loading: null });
  }
}

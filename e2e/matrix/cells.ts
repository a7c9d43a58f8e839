/**
 * The cells of the end-to-end matrix: every shipped model and a user's model, at every size of SPEC §7, under
 * three browser languages (an invalid tag, a decimal comma, a right-to-left script with its own digits). One
 * Playwright project per size and language, one test per model in it, so a red cell reads
 * `pendulum · 390x844 · de-DE` and the failing step follows. Plain data: the Playwright config reads it too.
 */

/** A model of the matrix: how its link is made and how long its run is kept (short spans keep cells cheap). */
export interface MatrixModel {
  /** The shipped model's id, or `double-pendulum` for the user's model carried in the link. */
  readonly id: string;
  /** Simulated time of the cell's run, s (the link's `t`); absent: the model's own t_end, where that run is cheap. */
  readonly span?: number;
  /** The user's model file carried in the link as `model-data=` (absent: a shipped model). */
  readonly userFile?: string;
  /** What the Model menu switches to in the "switch model" step: a shipped model that runs quickly at its defaults. */
  readonly switchTo: string;
}

/**
 * The small models run their own defaults (what a newcomer opens: 1,000–20,000 steps of one to seven bodies); the
 * heavy top, the V8 and the 81-body N-four-bar a short span.
 */
export const MODELS: readonly MatrixModel[] = [
  { id: 'spin', switchTo: 'pendulum' },
  { id: 'heavy-top', span: 0.5, switchTo: 'spin' },
  { id: 'v8-crank', span: 0.5, switchTo: 'spin' },
  { id: 'pendulum', switchTo: 'spin' },
  { id: 'n-four-bar', span: 1, switchTo: 'spin' },
  { id: 'andrews', switchTo: 'spin' },
  { id: 'bricard', switchTo: 'spin' },
  { id: 'flyball-governor', switchTo: 'spin' },
  { id: 'double-pendulum', userFile: 'docs/examples/double-pendulum.json', switchTo: 'spin' },
];

/** A size of SPEC §7 and the view keys it is used with. */
export interface MatrixSize {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** Lecture projector: `projector=on`. */
  readonly projector?: boolean;
  /** Course page: the link with `embed=on` in an iframe of this size on a page of the test's own. */
  readonly embed?: boolean;
  /** Tablet and phone: touch input. */
  readonly touch?: boolean;
}

export const SIZES: readonly MatrixSize[] = [
  { name: '1280x720 projector', width: 1280, height: 720, projector: true },
  { name: '1024x768 projector', width: 1024, height: 768, projector: true },
  { name: '1366x768', width: 1366, height: 768 },
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: '768x1024', width: 768, height: 1024, touch: true },
  { name: '390x844', width: 390, height: 844, touch: true },
  { name: '640x400 embed', width: 640, height: 400, embed: true },
];

/**
 * Browser languages (navigator.language): `en-US@posix` is what Chromium reports under LANG=C.UTF-8 and is no
 * valid BCP 47 tag (Intl throws on it); de-DE writes a decimal comma; ar-EG writes Arabic-Indic digits.
 */
export const LANGUAGES = ['en-US@posix', 'de-DE', 'ar-EG'] as const;
export type MatrixLanguage = (typeof LANGUAGES)[number];

/** The title of a cell: model · size · language. */
export function cellTitle(model: string, size: string, language: string): string {
  return `${model} · ${size} · ${language}`;
}

/** The project of one size and language. */
export function projectName(size: MatrixSize, language: string): string {
  return `${size.name} · ${language}`;
}

/**
 * The cells run on every commit: model k at size k mod 7 under language k mod 3 — every model, every size and
 * every language at least once (9 cells of the 189).
 */
export function diagonal(): { model: MatrixModel; size: MatrixSize; language: MatrixLanguage }[] {
  return MODELS.map((model, k) => ({ model, size: SIZES[k % SIZES.length], language: LANGUAGES[k % LANGUAGES.length] }));
}

/** Whether the whole matrix runs (`npm run e2e:matrix` sets HHT_MATRIX=full), else the diagonal. */
export function fullMatrix(): boolean {
  return process.env.HHT_MATRIX === 'full';
}

/** The models a project of this size and language runs. */
export function modelsOf(size: MatrixSize, language: string): MatrixModel[] {
  if (fullMatrix()) return [...MODELS];
  return diagonal().filter((c) => c.size.name === size.name && c.language === language).map((c) => c.model);
}

/**
 * What the HTML report shows, as plain data: every command that writes one (`conformance --html`, `sweep
 * --html`, the vitest helper's `html` option) fills this in from its own results, and `htmlReport` draws
 * it. It names nothing of the simulator or of the suite, so that each can build it without reaching into
 * the other; times arrive as the text to print.
 */
export interface HtmlReport {
  /** `apisim conformance`, `apisim sweep`, `apisim principles`: the page's title. */
  readonly title: string;
  /** What ran against what, in one line (the target, its seed and line). */
  readonly subtitle: string;
  /** The command that made the report, when there is one to show. */
  readonly command: string | undefined;
  /** The verdicts counted, in the order to show them; a count of 0 is left out. */
  readonly counts: readonly Count[];
  /** A row per check, principle or job, in the command's order. */
  readonly verdicts: readonly VerdictRow[];
  /** Sweeps: the latency distributions. */
  readonly charts: readonly CdfChart[];
  /** What failed, each with what it takes to see it again. */
  readonly failures: readonly FailureSection[];
  /** Failures not shown (a sweep lists at most so many), said under the list. */
  readonly failuresLeftOut: string | undefined;
  /** The coverage matrix, when the command has one (a target with an OpenAPI description). */
  readonly matrix?: MatrixTable | undefined;
}

/** Verdicts by two keys: an operation a row, a check or principle a column. */
export interface MatrixTable {
  readonly title: string;
  readonly columns: readonly string[];
  /** Each row's cells in the columns' order; a cell with no tone is plain text (`-`, nothing sent). */
  readonly rows: readonly { readonly name: string; readonly cells: readonly { readonly text: string; readonly tone: Tone | undefined }[] }[];
  /** Lines below the table: what could not run and why, and the share exercised. */
  readonly notes: readonly string[];
}

/**
 * How a verdict is coloured. Each command has its own words for its outcomes (`could not run`, `undecided`,
 * `not applicable`); a new outcome picks the tone it reads as, and the page needs no change.
 */
export type Tone = 'pass' | 'fail' | 'warn' | 'skip' | 'error';

export interface Count {
  readonly label: string;
  readonly count: number;
  readonly tone: Tone;
}

export interface VerdictRow {
  /** The words for the verdict, as the command's text output says them (`pass`, `FAIL`, `could not run`). */
  readonly outcome: string;
  readonly tone: Tone;
  /** The check, principle or target. */
  readonly name: string;
  /** The rest, each with its unit (`3177 ms`, `5 requests`, the reason), shown in one line below the name. */
  readonly details: readonly string[];
  /** The failure section this row links to, by its `id`. */
  readonly failure: string | undefined;
}

export interface FailureSection {
  /** Unique on the page: the verdict table links to it. */
  readonly id: string;
  readonly title: string;
  readonly outcome: string;
  readonly tone: Tone;
  /** What must hold, in one line. */
  readonly statement: string;
  /** What broke, one finding each. */
  readonly findings: readonly Finding[];
  /** The commands that show the failure again, the first the one to try. */
  readonly replay: readonly Replay[];
  /** The run that broke it, drawn; undefined when there is none to draw (said in `sequenceNote`). */
  readonly sequence: SequenceDiagram | undefined;
  /** What the diagram shows, or why there is none. */
  readonly sequenceNote: string | undefined;
}

export interface Finding {
  readonly what: string;
  /** `expected` and `got`, and the like, in order. */
  readonly facts: readonly { readonly label: string; readonly text: string }[];
}

export interface Replay {
  readonly label: string;
  readonly command: string;
}

/**
 * A run as a sequence diagram: a lane per client, then the line they share, the cache, the line behind it
 * and the app, top to bottom in the order things happened. Over sockets there is no line to draw, and the
 * lanes are the callers and the target.
 */
export interface SequenceDiagram {
  readonly lanes: readonly Lane[];
  readonly rows: readonly SequenceRow[];
  /** How many rows were left out of a run too long to draw whole (0 when none). */
  readonly rowsLeftOut: number;
}

/** A `line` lane is the wire between its neighbours: a message lost there ends on it. */
export type LaneKind = 'client' | 'line' | 'cache' | 'app';

export interface Lane {
  /** What messages name as `from` and `to`. */
  readonly id: string;
  readonly label: string;
  readonly kind: LaneKind;
}

export type SequenceRow = SequenceMessage | SequenceNote;

interface RowBase {
  /** When it happened, as printed (virtual ms with three decimals); '' when the clock is not known. */
  readonly at: string;
  /** The exchange (a step of the run, from 1) and its attempt: `3.2`. */
  readonly exchange: number;
  readonly attempt: number;
  /** Rows of the exchange a finding names are marked. */
  readonly focus: boolean;
}

/** One message over one hop: sent, and delivered or lost on the way. */
export interface SequenceMessage extends RowBase {
  readonly kind: 'message';
  readonly from: string;
  readonly to: string;
  /** `GET /notes/1`, or `200 ← GET /notes/1` for a response. */
  readonly label: string;
  /** 0 for a request. */
  readonly status: number;
  readonly lost: boolean;
  /** Its bytes, and when it arrived or why it was lost. */
  readonly detail: string;
  /** Headers and body, where they are known (the client's own request and the answer it got). */
  readonly content: MessageContent | undefined;
}

/** Something a node did that is no message: a cache decision, the app's handling, a timeout, a re-send, a crash. */
export interface SequenceNote extends RowBase {
  readonly kind: 'note';
  readonly lane: string;
  /** `cache`, `RE-SEND`, `timeout`: a word, shown beside the text. */
  readonly label: string;
  readonly text: string;
  /** A fault or a failure (a loss, a crash, giving up) is `bad`. */
  readonly bad: boolean;
}

export interface MessageContent {
  /** Whose view it is: `as the client sent it`. */
  readonly view: string;
  readonly headers: readonly (readonly [string, string])[];
  /** Undefined when there is no body. */
  readonly body: string | undefined;
}

/**
 * A cumulative distribution of latencies, one curve per series. The maker of the chart chooses the y axis
 * (the sweep's counts nines, so that the tail, where loss and re-sends put their steps, is not squeezed into
 * the top pixels) and says where each point stands on it.
 */
export interface CdfChart {
  readonly title: string;
  readonly subtitle: string;
  readonly series: readonly CdfSeries[];
  /** The y gridlines' labels, bottom to top, evenly spaced: a point's `y` runs from 0 to one less than their count. */
  readonly yLabels: readonly string[];
}

export interface CdfSeries {
  readonly label: string;
  /** In order of latency; a step rises at each, to `y` (on the scale of `yLabels`). */
  readonly points: readonly { readonly ms: number; readonly y: number }[];
  /** Exchanges answered, and not, for the legend. */
  readonly answered: number;
  readonly noAnswer: number;
}

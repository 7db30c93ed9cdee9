import type { DeleteAnswer, NoteOperation, NoteState } from './history.js';
import type { ItemId } from './resource.js';

/** [invoke ms, complete ms]; no completion means the client never heard back (status `unknown`). */
type Interval = readonly [number, number?];

/**
 * Hand-made histories for tests, written in milliseconds like the timelines print them:
 * `h.write('alice', 1, 'a', [0, 10]).read('bob', 1, 'a', [5, 20])`. Ids count up in the order written.
 */
export class HandMadeHistory {
  readonly operations: NoteOperation[] = [];

  read(client: string, noteId: ItemId, output: NoteState, at: Interval): this {
    return this.#add({ kind: 'read', noteId, input: undefined, output: at[1] === undefined ? undefined : output, httpStatus: output === null ? 404 : 200 }, client, at);
  }

  write(client: string, noteId: ItemId, content: string, at: Interval, attempts = 1): this {
    return this.#add({ kind: 'write', noteId, input: content, output: undefined, httpStatus: 200 }, client, at, attempts);
  }

  /** `noteId` undefined: a create that never heard back, so nobody knows which id it made. */
  create(client: string, noteId: ItemId | undefined, content: string, at: Interval): this {
    return this.#add({ kind: 'create', noteId, input: content, output: undefined, httpStatus: 201 }, client, at);
  }

  delete(client: string, noteId: ItemId, output: DeleteAnswer, at: Interval, attempts = 1): this {
    return this.#add({ kind: 'delete', noteId, input: undefined, output: at[1] === undefined ? undefined : output, httpStatus: output === 'deleted' ? 204 : 404 }, client, at, attempts);
  }

  /** A write the origin refused (422): it must have no effect. */
  refusedWrite(client: string, noteId: ItemId, content: string, at: Interval): this {
    this.#add({ kind: 'write', noteId, input: content, output: undefined, httpStatus: 422 }, client, at);
    const last = this.operations.pop()!;
    this.operations.push({ ...last, status: 'fail' });
    return this;
  }

  #add(
    op: Pick<NoteOperation, 'kind' | 'noteId' | 'input' | 'output' | 'httpStatus'>,
    client: string,
    [invokeMs, completeMs]: Interval,
    attempts = 1,
  ): this {
    const known = completeMs !== undefined;
    this.operations.push({
      ...op,
      id: this.operations.length + 1,
      client,
      invokeUs: Math.round(invokeMs * 1000),
      completeUs: known ? Math.round(completeMs * 1000) : undefined,
      status: known ? 'ok' : 'unknown',
      httpStatus: known ? op.httpStatus : undefined,
      attempts,
    } as NoteOperation);
    return this;
  }
}

export const history = (): HandMadeHistory => new HandMadeHistory();

import { Injectable } from '@nestjs/common';

export interface Note {
  readonly id: number;
  readonly owner: string;
  readonly content: string;
}

/** The notes, in memory: one service per application, so each run's app starts with none. */
@Injectable()
export class NotesService {
  readonly #notes = new Map<number, Note>();

  create(owner: string, content: string): Note {
    const note: Note = { id: this.#notes.size + 1, owner, content };
    this.#notes.set(note.id, note);
    return note;
  }

  find(id: number): Note | undefined {
    return this.#notes.get(id);
  }

  all(): readonly Note[] {
    return [...this.#notes.values()];
  }
}

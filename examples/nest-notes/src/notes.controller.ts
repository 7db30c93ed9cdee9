import { BadRequestException, Body, Controller, ForbiddenException, Get, Inject, NotFoundException, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import { AuthGuard, Caller } from './auth.guard.js';
import { type Note, NotesService } from './notes.service.js';

/** The injection token of the one switch between the correct and the flawed form. */
export const ownerCheckToken = 'OWNER_CHECK';

@Controller('notes')
@UseGuards(AuthGuard)
export class NotesController {
  // Injected by type, as Nest's docs write it: the type is read from the metadata tsc emits.
  constructor(
    private readonly notes: NotesService,
    @Inject(ownerCheckToken) private readonly ownerCheck: boolean,
  ) {}

  @Post()
  create(@Caller() caller: string, @Body() body: { content?: unknown } | undefined): Note {
    if (typeof body?.content !== 'string') throw new BadRequestException('a note needs its content');
    return this.notes.create(caller, body.content);
  }

  @Get(':id')
  find(@Caller() caller: string, @Param('id', ParseIntPipe) id: number): Note {
    const note = this.notes.find(id);
    if (note === undefined) throw new NotFoundException('no such note');
    // Gate 2: may this caller read this note? The flawed form never asks.
    if (this.ownerCheck && note.owner !== caller) throw new ForbiddenException('not your note');
    return note;
  }
}

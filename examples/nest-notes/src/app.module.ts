import { type DynamicModule, Module } from '@nestjs/common';
import { AuthGuard } from './auth.guard.js';
import { NotesController, ownerCheckToken } from './notes.controller.js';
import { NotesService } from './notes.service.js';

export interface NotesOptions {
  /** `GET /notes/:id` answers only the note's owner. Without it, any signed-in user reads any note. */
  readonly ownerCheck: boolean;
}

/** The notes module, configured as Nest's dynamic modules are: `AppModule.forRoot(options)`. */
// A Nest module is a class that holds only its decorator and its static forRoot: the framework's shape.
@Module({})
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class AppModule {
  static forRoot(options: NotesOptions): DynamicModule {
    return {
      module: AppModule,
      controllers: [NotesController],
      providers: [NotesService, AuthGuard, { provide: ownerCheckToken, useValue: options.ownerCheck }],
    };
  }
}

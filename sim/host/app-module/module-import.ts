/** Registers tsx's loader once per process, the first time a TypeScript module could not be imported without it. */
let registered: Promise<void> | undefined;

/**
 * `import(url)`, and when Node cannot load a `.ts` module by itself (Node 20 strips no types, and a test
 * runner loads an installed package's own imports natively), again with tsx's loader registered, as
 * `node --import tsx` would have. A user's `apisim.config.ts` and `app.ts` then load wherever apisim runs:
 * under tsx, under vitest, or from the installed bin.
 */
export async function importModule(url: string): Promise<Record<string, unknown>> {
  try {
    // eslint-disable-next-line apisim/layering -- the user's app module, by its URL
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    registered ??= import('tsx/esm/api').then(({ register }) => {
      register();
    });
    await registered;
    // Node keeps the failed import of this URL: the same module under a URL of its own loads afresh.
    // eslint-disable-next-line apisim/layering -- the same app module under a URL of its own
    return (await import(`${url}${url.includes('?') ? '&' : '?'}apisim-tsx`)) as Record<string, unknown>;
  }
}

import CachePolicy from 'http-cache-semantics';

/** A `CachePolicy` constructor, as `SharedCache` and the library's own `revalidatedPolicy` call it. */
export type PolicyClass = new (req: CachePolicy.HttpRequest, res: CachePolicy.HttpResponse, options?: CachePolicy.Options) => CachePolicy;

/**
 * http-cache-semantics reads the time only through `now()` (ms): the receipt time in its constructor, the
 * age in `age()`, and the `date` it stamps in `responseHeaders()`. Overriding `now()` puts the whole library
 * on the virtual clock.
 *
 * The clock lives in the class, one class per clock, not in an instance field: the base constructor calls
 * `now()` before a subclass's fields exist, and `revalidatedPolicy` builds its successor itself with
 * `new this.constructor(req, res, options)`, passing nothing else.
 */
export function virtualClockPolicy(nowUs: () => number): PolicyClass {
  return class VirtualClockPolicy extends CachePolicy {
    // Not `override`: the typings leave `now()` out, though the library documents it for exactly this.
    now(): number {
      return nowUs() / 1000;
    }
  };
}

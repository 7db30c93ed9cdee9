/** One property as it was before it was lent. */
interface Loan {
  readonly target: object;
  readonly key: PropertyKey;
  readonly before: PropertyDescriptor | undefined;
}

/**
 * Properties of the real world (globals, Node's module objects) lent to a guest's virtual versions for a
 * run, and given back exactly as they were: the same descriptor, or no own property when there was none
 * (a method that lived on a prototype, such as `performance.now`, is shadowed and then unshadowed).
 */
export class Loans {
  readonly #loans: Loan[] = [];
  #env: { readonly name: string; readonly before: string | undefined }[] = [];

  lend(target: object, key: PropertyKey, value: unknown): void {
    const before = Object.getOwnPropertyDescriptor(target, key);
    Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: before?.enumerable ?? false });
    this.#loans.push({ target, key, before });
  }

  /** `process.env` takes strings only and no descriptors, so it has its own way in and out. */
  lendEnv(name: string, value: string): void {
    this.#env.push({ name, before: process.env[name] });
    process.env[name] = value;
  }

  /** In the reverse order of lending, so a property lent twice ends as it began. */
  giveBack(): void {
    for (let loan = this.#loans.pop(); loan !== undefined; loan = this.#loans.pop()) {
      if (loan.before === undefined) Reflect.deleteProperty(loan.target, loan.key);
      else Object.defineProperty(loan.target, loan.key, loan.before);
    }
    for (const { name, before } of this.#env.reverse()) {
      if (before === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = before;
    }
    this.#env = [];
  }
}

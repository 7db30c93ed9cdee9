import { open } from 'lmdb';
import { DurableTables } from './durable-tables.js';

/**
 * Tables whose disk can be made to refuse the next `times` transactions, as a full disk does: lmdb-js rejects
 * the commit's promise, and its environment goes on.
 */
export function refusingTables(dir: string): { readonly tables: DurableTables; readonly refuse: (times: number) => void; readonly refused: () => number } {
  let left = 0;
  let refused = 0;
  const tables = DurableTables.open(dir, {
    openLmdb: (settings) => {
      const root = open(settings);
      const transaction = root.transaction.bind(root);
      root.transaction = ((work: () => unknown) => {
        if (left === 0) return transaction(work);
        left--;
        refused++;
        return Promise.reject(new Error('MDB_PAGE_SPILL: No space left on device'));
      }) as typeof root.transaction;
      return root;
    },
  });
  return { tables, refuse: (times) => (left = times), refused: () => refused };
}

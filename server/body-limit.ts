import { maxJsonBodyBytes } from '../src/http/json-body.js';

/**
 * The most body bytes a server here reads. Well above the largest body any handler accepts (64 KiB), so
 * the handlers' own 413 answers every body they would see in the simulator, and the socket only refuses,
 * unread, what no handler could want.
 */
export const defaultMaxBodyBytes = 16 * maxJsonBodyBytes;

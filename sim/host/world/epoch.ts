/**
 * The wall-clock date of virtual time 0: 2026-01-01T00:00:00.000Z. Not the Unix epoch: apps read a zero or
 * 1970 timestamp as "unset" (`if (!createdAt)`), and 1970 is the date a cookie is given to delete it, so a
 * run starting there would exercise paths no deployment takes. A fixed date, so that every run of a seed
 * shows the same dates.
 */
export const virtualEpochMs = 1_767_225_600_000;

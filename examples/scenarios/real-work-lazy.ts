/** Imported by real-work-app.ts on its first request to /lazy, as Apollo Server imports graphql on its first query. */
export const greeting = 'loaded on first use';

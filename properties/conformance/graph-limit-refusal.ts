import { type CheckContext, type Finding } from './check.js';
import { executed, notRefused, readGraphAnswer, type GraphAnswer } from './graph-answer.js';
import { controlMutation, mutationDocument, type Selection } from './graph-document.js';
import { type LimitName, refusedFor } from './graph-refusal-reason.js';
import { postGraph } from './graph-request.js';
import type { GraphShape } from './service-shape.js';
import { uniqueContent } from './writable-requests.js';
import type { WireExchange } from './wire.js';

export const got = (exchange: WireExchange, answer: GraphAnswer): string => `${exchange.response.status} with ${answer.hasData ? '`data`' : 'no data'}${answer.reasons.length > 0 ? `, errors ${answer.reasons.join(', ')}` : ''}`;

/** POSTs a query (its document's text) that must be refused before it runs; a finding when it was not. */
export async function refusedQuery(ctx: CheckContext, what: string, query: string, findings: Finding[]): Promise<GraphAnswer> {
  const exchange = await postGraph(ctx, query);
  const answer = readGraphAnswer(exchange);
  const why = notRefused(answer);
  if (why !== undefined) findings.push({ what: `${what} got ${why}`, expected: '`errors` and no `data` member: refused before execution', got: got(exchange, answer), exchange });
  return answer;
}

/** POSTs a query that must run: the twin within the limit, showing that the limit is why the other was refused. */
export async function executedQuery(ctx: CheckContext, what: string, query: string, findings: Finding[]): Promise<void> {
  const exchange = await postGraph(ctx, query);
  const answer = readGraphAnswer(exchange);
  if (!executed(answer)) findings.push({ what: `${what} was not executed`, expected: '200 with `data` and no errors', got: got(exchange, answer), exchange });
}

/** `data.createPost.author.posts[].title`, when the control answered it. */
function authorTitles(answer: GraphAnswer): string[] | undefined {
  const posts = (answer.body?.data as { createPost?: { author?: { posts?: unknown } } } | undefined)?.createPost?.author?.posts;
  return Array.isArray(posts) ? posts.map((p) => String((p as { title?: unknown }).title)) : undefined;
}

/**
 * "Before execution" has a consequence HTTP can observe: a refused mutation has no effect. Sends a mutation
 * over the limit, then a small one that creates a control post and reads back its author's newest posts in
 * the same answer. The control must be there (so the read-back works and the mutation exists) and the
 * refused one must not: a target that runs the document and refuses afterwards is caught here even when its
 * answer looks like a refusal. The mutation is apisim's `createPost(title)` (the spec shows none); the
 * control post stays, since the spec's interface cannot delete a post. Returns what it established.
 */
export async function refusedMutationLeavesNoTrace(ctx: CheckContext, graph: GraphShape, limit: LimitName, overLimit: readonly Selection[], findings: Finding[]): Promise<string> {
  const marker = uniqueContent(ctx, `${limit} limit, refused`);
  const over = await postGraph(ctx, mutationDocument(overLimit), { title: marker });
  const overAnswer = readGraphAnswer(over);
  const why = notRefused(overAnswer);
  if (why !== undefined) findings.push({ what: `a mutation over the ${limit} limit got ${why}`, expected: '`errors`, no `data`, and no post created', got: got(over, overAnswer), exchange: over });
  else if (!refusedFor(overAnswer, limit, graph)) return `side effect not checked: the createPost over the limit was refused for another reason (${overAnswer.reasons.join(', ')})`;

  const control = uniqueContent(ctx, `${limit} limit, control`);
  const controlExchange = await postGraph(ctx, mutationDocument(controlMutation()), { title: control });
  const controlAnswer = readGraphAnswer(controlExchange);
  const titles = executed(controlAnswer) ? authorTitles(controlAnswer) : undefined;
  if (titles === undefined) return `side effect not checked: the control createPost got ${got(controlExchange, controlAnswer)}`;
  if (!titles.includes(control)) return "side effect not checked: the control post is not among its author's 10 newest";
  if (titles.includes(marker)) {
    findings.push({ what: `the mutation over the ${limit} limit took effect: its post exists`, expected: `no post titled ${JSON.stringify(marker)}`, got: `${got(over, overAnswer)}, and afterwards the author's posts include ${JSON.stringify(marker)}`, exchange: over });
  }
  return `a createPost over the limit was refused and created nothing`;
}

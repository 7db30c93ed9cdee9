/**
 * A Next.js route handler file (`app/notes/route.ts`) as Next.js's docs write one: a function per method,
 * no default export. It serves every path it is handed, as its own route.
 */
const notes: { id: number; content: string }[] = [];

export function GET() {
  return Response.json(notes);
}

export async function POST(request: Request) {
  const { content } = (await request.json()) as { content: string };
  const note = { id: notes.length + 1, content };
  notes.push(note);
  return Response.json(note, { status: 201 });
}

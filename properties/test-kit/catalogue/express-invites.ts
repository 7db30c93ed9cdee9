import express, { type Express, type Request } from 'express';

interface Invite {
  readonly id: string;
  readonly email: string;
  accepted: boolean;
}

/**
 * Invitations on Express 5, each a link mailed to someone. The flawed `GET /invites/:id` accepts the invite
 * as it shows it, as a magic link often does: a GET that changes what the service holds, so a mail scanner
 * or a browser's prefetch that follows the link uses it up before its reader does. The correct form
 * accepts with `POST /invites/:id/accept`, the page's button.
 */
function invitesApp(openingAccepts: boolean): Express {
  const invites = new Map<string, Invite>();
  const app = express();
  app.use(express.json());
  app.get('/invites', (_req, res) => {
    res.json([...invites.values()]);
  });
  app.post('/invites', (req, res) => {
    const { email } = (req.body ?? {}) as { email?: unknown };
    if (typeof email !== 'string') {
      res.status(400).json({ error: 'an invite has an email' });
      return;
    }
    const invite = { id: String(invites.size + 1), email, accepted: false };
    invites.set(invite.id, invite);
    res.status(201).location(`/invites/${invite.id}`).json(invite);
  });
  app.get('/invites/:id', (req: Request<{ id: string }>, res) => {
    const invite = invites.get(req.params.id);
    if (invite === undefined) {
      res.status(404).json({ error: 'no such invite' });
      return;
    }
    const shown = { ...invite };
    if (openingAccepts) invite.accepted = true;
    res.json(shown);
  });
  app.post('/invites/:id/accept', (req: Request<{ id: string }>, res) => {
    const invite = invites.get(req.params.id);
    if (invite === undefined) {
      res.status(404).json({ error: 'no such invite' });
      return;
    }
    invite.accepted = true;
    res.json(invite);
  });
  return app;
}

export const flawed = (): Express => invitesApp(true);
export const correct = (): Express => invitesApp(false);

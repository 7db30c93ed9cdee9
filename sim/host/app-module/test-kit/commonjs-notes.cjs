// A CommonJS module whose exports Node cannot list from its text (they are built by a function), as older
// Node services are written: its factory, createApp, is a member of module.exports only.
const { createServer } = require('node:http');

function makeExports() {
  return {
    createApp() {
      const notes = [];
      return function listener(req, res) {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          if (req.method === 'POST' && req.url === '/notes') {
            const note = { id: notes.length + 1, content: JSON.parse(body).content };
            notes.push(note);
            res.statusCode = 201;
            res.end(JSON.stringify(note));
          } else if (req.method === 'GET' && req.url === '/notes') {
            res.end(JSON.stringify(notes));
          } else {
            const note = notes.find((n) => `/notes/${n.id}` === req.url);
            res.statusCode = note === undefined ? 404 : 200;
            res.end(JSON.stringify(note === undefined ? { error: 'no such note' } : note));
          }
        });
      };
    },
    createServer: (app) => createServer(app),
  };
}

module.exports = makeExports();

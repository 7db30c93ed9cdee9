import { runConformance } from './conformance-command.js';

process.exitCode = await runConformance(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});

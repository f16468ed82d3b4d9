// npm run dev: the API server with reload on :3000 and the Vite dev server on :5173 (proxying /api and /ws).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@karera/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@karera/web'], { stdio: 'inherit' }),
];
const stopAll = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

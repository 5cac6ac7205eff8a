import { AppError } from '@linkhub/shared/errors/app-error';
import runRenderTask, { type RenderTask } from './task';

/**
 * The entry of a render process (processes.ts forks it): one `{ id, task }` message at a time,
 * answered with the result or the error as plain data. An AppError (a policy refusal) keeps its
 * code, message and details so the request can answer with it; anything else is only a message.
 */
type Request = { readonly id: number; readonly task: RenderTask };

const isRequest = (message: unknown): message is Request =>
  typeof message === 'object' && message !== null && 'id' in message && 'task' in message;

const plain = (error: unknown) =>
  error instanceof AppError
    ? { app: true, code: error.code, message: error.message, details: error.details }
    : { app: false, message: error instanceof Error ? error.message : String(error) };

process.on('message', (message: unknown) => {
  if (!isRequest(message)) return;
  runRenderTask(message.task).then(
    (result) => process.send?.({ id: message.id, ok: true, result }),
    (error: unknown) => process.send?.({ id: message.id, ok: false, error: plain(error) }),
  );
});
// The renderers are loaded (the imports above): the pool starts a task's budget from here.
process.send?.('ready');
// The pool closed its end (idle for a while, or the server is stopping): nothing more will come.
process.on('disconnect', () => process.exit(0));

import { fork, type ChildProcess } from 'node:child_process';

/**
 * A bounded pool of child processes, each running one task at a time (D-480). A task over its
 * budget is answered at once and its process is killed with SIGKILL: native code (resvg, librsvg)
 * cannot be interrupted inside a thread, but a process can. The killed process keeps its slot until
 * it has really exited, so the pool never runs more renders than `size`; then a fresh process is
 * started in its place.
 */
export type ProcessPoolOptions = {
  /** The child's entry module (it answers `{ id, task }` messages, see child.ts). */
  readonly file: string;
  /** Node flags of each child (the TypeScript loader from source, the heap limit). */
  readonly execArgv: readonly string[];
  /** Processes at most, busy, idle or still dying. */
  readonly size: number;
  /** Tasks waiting for a process; one more is refused at once. */
  readonly maxQueue: number;
  /** Tests and benchmarks watch the processes come and go. */
  readonly onEvent?: (event: ProcessPoolEvent) => void;
};

export type ProcessPoolEvent = {
  readonly type: 'spawn' | 'kill' | 'exit';
  readonly pid: number;
};

/** Why a task did not give an answer. */
export type TaskFailure =
  | { readonly kind: 'timeout' }
  | { readonly kind: 'memory' }
  | { readonly kind: 'queue_full' }
  | { readonly kind: 'crashed'; readonly detail: string }
  | { readonly kind: 'failed'; readonly error: unknown };

export class TaskFailedError extends Error {
  constructor(readonly failure: TaskFailure) {
    super(`render task ${failure.kind}`);
    this.name = 'TaskFailedError';
  }
}

/** What a child answers: the result, or the error it threw as plain data. */
export type ChildReply =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: unknown };

type Job = {
  readonly id: number;
  readonly task: unknown;
  readonly budgetMs: number;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: TaskFailedError) => void;
};

type Slot = {
  readonly child: ChildProcess;
  readonly pid: number;
  state: 'idle' | 'busy' | 'dying';
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  /** Killed by the pool past its budget (not ended for being idle). */
  killed: boolean;
  /** The child has loaded its renderers (said `ready`): a task's budget starts counting from then. */
  ready: boolean;
  readonly exited: Promise<void>;
};

export type ProcessPool = {
  readonly run: (task: unknown, budgetMs: number) => Promise<unknown>;
  /** Live processes by state: a killed one is `dying` until its exit is seen. */
  readonly slots: () => ReadonlyArray<{ readonly pid: number; readonly state: Slot['state'] }>;
  /** Resolves once the process `pid` of this pool has exited (at once if it is not in the pool). */
  readonly exited: (pid: number) => Promise<void>;
  /** Tasks a process answered (a result or an error), since the pool was made. */
  readonly completed: () => number;
  readonly close: () => Promise<void>;
};

const IDLE_MS = 30_000;
/** Loading the renderers takes a second or two on a busy machine; far longer means it will not start. */
const STARTUP_MS = 60_000;

const isReply = (message: unknown): message is ChildReply =>
  typeof message === 'object' && message !== null && 'id' in message && 'ok' in message;

export function createProcessPool(options: ProcessPoolOptions): ProcessPool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let completed = 0;
  let closed = false;

  const finish = (slot: Slot): Job | null => {
    const job = slot.job;
    slot.job = null;
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    return job;
  };

  const spawn = (): Slot => {
    const child = fork(options.file, [], {
      execArgv: [...options.execArgv],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pid = child.pid ?? -1;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const slot: Slot = {
      child,
      pid,
      state: 'idle',
      job: null,
      timer: null,
      idleTimer: null,
      ready: false,
      killed: false,
      exited,
    };
    // A process that never gets ready (a broken build, no memory) is killed; its task is answered by the exit.
    const startup = setTimeout(() => child.kill('SIGKILL'), STARTUP_MS);
    startup.unref();
    child.on('message', (message: unknown) => {
      if (message === 'ready') {
        clearTimeout(startup);
        slot.ready = true;
        if (slot.job !== null) send(slot, slot.job);
        return;
      }
      if (!isReply(message) || slot.job === null || message.id !== slot.job.id) return;
      const job = finish(slot);
      completed++;
      idle(slot);
      if (message.ok) job?.resolve(message.result);
      else job?.reject(new TaskFailedError({ kind: 'failed', error: message.error }));
      dispatch();
    });
    // Spawning can fail (no memory, no such file): the exit handler below answers the task.
    child.on('error', () => child.kill('SIGKILL'));
    child.once('exit', (code, signal) => {
      const lost = slot.killed || slot.job !== null;
      const job = finish(slot);
      if (job !== null) {
        // V8 aborts a process over its heap limit: SIGABRT, or exit code 134 through a shell.
        const memory = signal === 'SIGABRT' || code === 134;
        job.reject(
          new TaskFailedError(
            memory ? { kind: 'memory' } : { kind: 'crashed', detail: `exit ${code ?? signal ?? '?'}` },
          ),
        );
      }
      slots.splice(slots.indexOf(slot), 1);
      options.onEvent?.({ type: 'exit', pid });
      dispatch();
      // A process killed or crashed mid-task is replaced at once, so the next render finds one started.
      if (lost && !closed && slots.length < options.size) idle(spawn());
    });
    slots.push(slot);
    options.onEvent?.({ type: 'spawn', pid });
    return slot;
  };

  /** A busy process keeps this one running until it answers; an idle one does not keep it alive. */
  const holdOpen = (slot: Slot, hold: boolean) => {
    if (hold) {
      slot.child.ref();
      slot.child.channel?.ref();
    } else {
      slot.child.unref();
      slot.child.channel?.unref();
    }
  };

  const idle = (slot: Slot) => {
    slot.state = 'idle';
    holdOpen(slot, false);
    // An idle process gives its memory back after a while; the child exits when its channel closes.
    slot.idleTimer = setTimeout(() => {
      if (slot.state !== 'idle') return;
      slot.state = 'dying';
      slot.child.disconnect();
    }, IDLE_MS);
    slot.idleTimer.unref();
  };

  const start = (slot: Slot, job: Job) => {
    if (slot.idleTimer !== null) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.state = 'busy';
    slot.job = job;
    holdOpen(slot, true);
    if (slot.ready) send(slot, job);
  };

  /** Hands the job to a ready child and starts its budget. */
  const send = (slot: Slot, job: Job) => {
    slot.timer = setTimeout(() => {
      const late = finish(slot);
      // Answer now; the slot stays taken (`dying`) until the process has exited.
      slot.state = 'dying';
      slot.killed = true;
      slot.child.kill('SIGKILL');
      options.onEvent?.({ type: 'kill', pid: slot.pid });
      late?.reject(new TaskFailedError({ kind: 'timeout' }));
    }, job.budgetMs);
    slot.child.send({ id: job.id, task: job.task }, (error) => {
      if (error !== null && slot.job === job) slot.child.kill('SIGKILL');
    });
  };

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const slot = slots.find((s) => s.state === 'idle') ?? (slots.length < options.size ? spawn() : null);
      const job = slot === null ? undefined : queue.shift();
      if (slot === null || job === undefined) return;
      start(slot, job);
    }
  }

  const run = (task: unknown, budgetMs: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed) {
        reject(new TaskFailedError({ kind: 'crashed', detail: 'pool closed' }));
        return;
      }
      const free = slots.some((s) => s.state === 'idle') || slots.length < options.size;
      if (!free && queue.length >= options.maxQueue) {
        reject(new TaskFailedError({ kind: 'queue_full' }));
        return;
      }
      queue.push({ id: nextId++, task, budgetMs, resolve, reject });
      dispatch();
    });

  return {
    run,
    slots: () => slots.map((s) => ({ pid: s.pid, state: s.state })),
    exited: (pid) => slots.find((s) => s.pid === pid)?.exited ?? Promise.resolve(),
    completed: () => completed,
    close: async () => {
      closed = true;
      for (const job of queue.splice(0))
        job.reject(new TaskFailedError({ kind: 'crashed', detail: 'pool closed' }));
      const all = slots.map((s) => s.exited);
      for (const slot of slots) slot.child.kill('SIGKILL');
      await Promise.all(all);
    },
  };
}

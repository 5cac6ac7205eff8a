import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export type Rect = { x: number; y: number; width: number; height: number };
export type WindowBounds = Rect & { maximized: boolean };
/** A display as far as placement goes (Electron's `Display` satisfies it). */
export type DisplayArea = { workArea: Rect };

export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;
export const MIN_SIZE = { width: 720, height: 480 } as const;
/** How much of a window must be on a display to count as visible (enough to grab the title bar). */
const MIN_VISIBLE = { width: 120, height: 40 } as const;

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
const stateSchema = z.object({
  version: z.literal(1),
  lastWorkspaceId: z.string().nullable(),
  windows: z.record(z.string(), boundsSchema),
});
export type WindowState = z.infer<typeof stateSchema>;

const emptyState = (): WindowState => ({ version: 1, lastWorkspaceId: null, windows: {} });

function overlap(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y),
  };
}

/**
 * Puts saved bounds back on a display that exists now: kept where they were if enough of the window
 * is visible (shrunk to fit that display), otherwise centred on the first display. A monitor that
 * was unplugged never leaves a window off-screen.
 */
export function clampToDisplays(bounds: WindowBounds, displays: readonly DisplayArea[]): WindowBounds {
  const primary = displays[0]?.workArea ?? {
    x: 0,
    y: 0,
    width: DEFAULT_SIZE.width,
    height: DEFAULT_SIZE.height,
  };
  const best = displays
    .map((d) => ({ area: d.workArea, seen: overlap(bounds, d.workArea) }))
    .sort((a, b) => b.seen.width * b.seen.height - a.seen.width * a.seen.height)[0];
  const visible =
    best !== undefined && best.seen.width >= MIN_VISIBLE.width && best.seen.height >= MIN_VISIBLE.height;
  const area = visible ? best.area : primary;
  const width = Math.max(Math.min(bounds.width, area.width), Math.min(MIN_SIZE.width, area.width));
  const height = Math.max(Math.min(bounds.height, area.height), Math.min(MIN_SIZE.height, area.height));
  if (!visible) {
    return {
      x: Math.round(area.x + (area.width - width) / 2),
      y: Math.round(area.y + (area.height - height) / 2),
      width,
      height,
      maximized: bounds.maximized,
    };
  }
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x, y, width, height, maximized: bounds.maximized };
}

/** Default bounds for a new window, cascaded so a second workspace window does not hide the first. */
export function defaultBounds(displays: readonly DisplayArea[], cascade: number): WindowBounds {
  const area = displays[0]?.workArea ?? {
    x: 0,
    y: 0,
    width: DEFAULT_SIZE.width,
    height: DEFAULT_SIZE.height,
  };
  const width = Math.min(DEFAULT_SIZE.width, area.width);
  const height = Math.min(DEFAULT_SIZE.height, area.height);
  const offset = (cascade % 8) * 28;
  return clampToDisplays(
    {
      x: Math.round(area.x + (area.width - width) / 2) + offset,
      y: Math.round(area.y + (area.height - height) / 2) + offset,
      width,
      height,
      maximized: false,
    },
    displays,
  );
}

export type WindowStateStore = {
  /** Saved bounds of a workspace's window, clamped to today's displays; undefined if never saved. */
  boundsFor(workspaceId: string, displays: readonly DisplayArea[]): WindowBounds | undefined;
  remember(workspaceId: string, bounds: WindowBounds): Promise<void>;
  lastWorkspace(): string | null;
  setLastWorkspace(workspaceId: string): Promise<void>;
  /** Resolves when every write so far is on disk (main awaits it before quitting). */
  flushed(): Promise<void>;
};

/** Window size/position per workspace and the last workspace, in one JSON file under userData. */
export async function openWindowStateStore(filePath: string): Promise<WindowStateStore> {
  const state = await readFile(filePath, 'utf8')
    .then((text) => stateSchema.safeParse(JSON.parse(text)))
    .then((parsed) => (parsed.success ? parsed.data : emptyState()))
    .catch(() => emptyState());

  let writing = Promise.resolve();
  const save = () => {
    const text = JSON.stringify(state, null, 2);
    writing = writing.then(async () => {
      await mkdir(path.dirname(filePath), { recursive: true });
      const temp = `${filePath}.${process.pid}.tmp`;
      await writeFile(temp, text);
      await rename(temp, filePath);
    });
    return writing;
  };

  return {
    boundsFor(workspaceId, displays) {
      const saved = state.windows[workspaceId];
      return saved === undefined ? undefined : clampToDisplays(saved, displays);
    },
    remember(workspaceId, bounds) {
      const parsed = boundsSchema.safeParse({
        ...bounds,
        x: Math.round(bounds.x),
        y: Math.round(bounds.y),
        width: Math.round(bounds.width),
        height: Math.round(bounds.height),
      });
      if (!parsed.success) return Promise.resolve();
      state.windows[workspaceId] = parsed.data;
      return save();
    },
    lastWorkspace: () => state.lastWorkspaceId,
    flushed: () => writing,
    setLastWorkspace(workspaceId) {
      if (state.lastWorkspaceId === workspaceId) return Promise.resolve();
      state.lastWorkspaceId = workspaceId;
      return save();
    },
  };
}

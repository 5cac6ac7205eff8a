import { useEffect, useState } from 'react';
import { navigate } from '../../router/router';
import { fetchExperiments } from './experiments-api';

/** The test that decides where a link's visitors go (running, or paused and holding the link). */
export type RunningTest = {
  readonly id: string;
  readonly name: string;
  readonly status: 'running' | 'paused';
};

export const testPath = (id: string) => `/links/experiments/${id}`;

/**
 * The A/B test running on this link, read from `/v1/experiments` (tests are not kept on the device).
 * Null while loading, offline, or when none runs: the server still refuses a split then (D-515).
 */
export function useRunningTest(
  workspaceId: string,
  linkId: string | null,
  enabled: boolean,
): RunningTest | null {
  const [test, setTest] = useState<RunningTest | null>(null);
  useEffect(() => {
    setTest(null);
    if (linkId === null || !enabled) return;
    let live = true;
    fetchExperiments(workspaceId, linkId)
      .then((list) => {
        const found = list.find((e) => e.status === 'running' || e.status === 'paused');
        if (live)
          setTest(
            found && (found.status === 'running' || found.status === 'paused')
              ? { id: found.id, name: found.name, status: found.status }
              : null,
          );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [workspaceId, linkId, enabled]);
  return test;
}

export function TestLink({ test, children }: { test: RunningTest; children: string }) {
  return (
    <a
      className="link"
      href={testPath(test.id)}
      onClick={(e) => {
        e.preventDefault();
        navigate(testPath(test.id));
      }}
    >
      {children}
    </a>
  );
}

/** The link editor's banner: the test, not the split or the destination alone, decides for now. */
export function RunningTestBanner({ test }: { test: RunningTest }) {
  return (
    <p className="notice" role="status" data-testid="ab-test-banner">
      <strong>A/B test {test.status === 'running' ? 'running' : 'paused'}:</strong> “{test.name}”{' '}
      {test.status === 'running'
        ? 'decides where this link sends visitors.'
        : 'holds this link; while paused, visitors get the destination below.'}{' '}
      <TestLink test={test}>Open the test</TestLink>
    </p>
  );
}

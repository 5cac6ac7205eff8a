/**
 * For tests, harnesses and benchmarks: sign up the way the PWA does (16.9: sign-up answers 202 for
 * any address and opens no session), then sign in with the same password and read the personal
 * workspace. `request` is `app.request` or a `fetch` bound to a base URL.
 */
export type HttpRequest = (path: string, init: RequestInit) => Promise<Response> | Response;
export type SignedUp = { token: string; userId: string; workspaceId: string };

async function send(
  request: HttpRequest,
  path: string,
  init: RequestInit,
  expected: number,
): Promise<unknown> {
  const response = await request(path, init);
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${path} → ${response.status} ${text.slice(0, 300)}`);
  return text === '' ? null : JSON.parse(text);
}

function field(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path)
    current = typeof current === 'object' && current !== null ? Reflect.get(current, key) : undefined;
  return current;
}

export async function signUpOverHttp(
  request: HttpRequest,
  input: { email: string; password: string; name: string },
): Promise<SignedUp> {
  const json = { 'content-type': 'application/json' };
  await send(
    request,
    '/api/auth/signup',
    { method: 'POST', headers: json, body: JSON.stringify(input) },
    202,
  );
  const login = await send(
    request,
    '/api/auth/login',
    { method: 'POST', headers: json, body: JSON.stringify({ email: input.email, password: input.password }) },
    200,
  );
  const token = field(login, 'data', 'token');
  const userId = field(login, 'data', 'user', 'id');
  if (typeof token !== 'string' || typeof userId !== 'string')
    throw new Error('sign-in after sign-up returned no session');
  const me = await send(request, '/api/me', { headers: { authorization: `Bearer ${token}` } }, 200);
  const workspaces = field(me, 'data', 'workspaces');
  const owned = Array.isArray(workspaces)
    ? workspaces.find((w: unknown) => field(w, 'role') === 'owner')
    : undefined;
  const workspaceId = field(owned, 'id');
  if (typeof workspaceId !== 'string') throw new Error('no personal workspace after sign-up');
  return { token, userId, workspaceId };
}

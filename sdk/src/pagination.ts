/** One page of a cursor-paginated list, as every /v1 list answers. */
export type Page<Item> = { data: Item[]; meta: { next_cursor: string | null } };

/**
 * Every item of a list, page after page, following `meta.next_cursor`:
 *
 *   for await (const link of paginate((cursor) => dataOf(lh.GET('/v1/links', { params: { query: { cursor } } }))))
 */
export async function* paginate<Item>(
  page: (cursor: string | undefined) => Promise<Page<Item>>,
): AsyncGenerator<Item, void, undefined> {
  let cursor: string | undefined;
  do {
    const body = await page(cursor);
    yield* body.data;
    cursor = body.meta.next_cursor ?? undefined;
  } while (cursor !== undefined);
}

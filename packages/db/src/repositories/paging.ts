/** A list query in its order, not yet cut to a page (a drizzle select before `.limit`). */
interface Pageable<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list, `pageSize` rows from page 1, and how many rows the whole list has (`total`: the same
 * filter's `count()`), the two queries side by side: on PostgreSQL each on a connection of its own.
 */
export const onePage = async <Row>(
  list: Pageable<Row>,
  total: PromiseLike<{ n: number }[]>,
  page: number,
  pageSize: number,
): Promise<{ rows: Row[]; count: number }> => {
  const [rows, [counted]] = await Promise.all([list.limit(pageSize).offset((page - 1) * pageSize), total]);
  return { rows, count: counted?.n ?? 0 };
};

/** The address of another page of a filtered list: the same filters, that page. */
export const pageLink =
  (base: string, filters: Record<string, string | undefined>) =>
  (page: number): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
    params.set('page', String(page));
    return `${base}?${params.toString()}`;
  };
